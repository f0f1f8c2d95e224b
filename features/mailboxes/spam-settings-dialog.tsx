"use client";
// "Spam filter…" of one mailbox (GET | PUT /mailboxes/{id}/spam): what happens
// to mail the filter scores as spam, and the senders always accepted or
// refused, one per line. Opens with the saved settings (the defaults for a
// mailbox never changed), so saving it untouched is harmless.
import type { z } from "zod";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { Dialog, DialogActions } from "@/components/dialog";
import { QueryState } from "@/components/query-state";
import { lazyZodResolver } from "@/features/forms/lazy-zod-resolver";
import { useApiForm } from "@/features/forms/use-api-form";
import type { MailboxSpamSettings, spamSettingsFormSchema } from "@/shared/schemas/mailbox-spam";
import { senderLines } from "@/shared/sender-lines";
import type { Mailbox } from "@/shared/schemas/mailboxes";
import { SenderListFields } from "./sender-list-fields";
import { useSaveSpamSettings, useSpamSettings } from "./use-spam-settings";

type Values = z.output<typeof spamSettingsFormSchema>;
const resolver = lazyZodResolver<Values, Values>(() =>
  import("@/shared/schemas/mailbox-spam").then((schemas) => schemas.spamSettingsFormSchema),
);

const ACTIONS: { value: Values["action"]; label: string; hint: string }[] = [
  { value: "junk", label: "Move spam to Junk", hint: "Recommended. Spam never reaches the inbox nor the mailbox's rules." },
  { value: "tag", label: "Mark spam, keep it in the inbox", hint: "It carries an X-Spam: Yes header for mail clients to sort." },
  { value: "off", label: "No spam filtering", hint: "Every message is delivered as received." },
];

export function SpamSettingsDialog({
  mailbox,
  open,
  onClose,
  onSaved,
}: {
  mailbox: Mailbox;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  return (
    <Dialog open={open} title={`Spam filter of ${mailbox.address}`} onClose={onClose}>
      {open ? <SpamSettingsLoader mailbox={mailbox} onCancel={onClose} onSaved={onSaved} /> : null}
    </Dialog>
  );
}

type FormProps = { mailbox: Mailbox; onCancel: () => void; onSaved: () => void };

function SpamSettingsLoader(props: FormProps) {
  const settings = useSpamSettings(props.mailbox.id);
  return (
    <QueryState query={settings} what="the spam settings">
      {(data) => <SpamSettingsForm {...props} settings={data} />}
    </QueryState>
  );
}

function SpamSettingsForm({ mailbox, settings, onCancel, onSaved }: FormProps & { settings: MailboxSpamSettings }) {
  const save = useSaveSpamSettings(mailbox.id);
  const { form, errors, isSubmitting, onSubmit, failure } = useApiForm({
    resolver,
    defaultValues: { action: settings.action, allow: settings.allow.join("\n"), block: settings.block.join("\n") },
    submit: (values: Values) =>
      save.mutateAsync({ action: values.action, allow: senderLines(values.allow), block: senderLines(values.block) }),
    onSuccess: () => onSaved(),
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {failure ? <Alert>{failure}</Alert> : null}
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-zinc-900 dark:text-white">Mail scored as spam</legend>
        {ACTIONS.map((action) => (
          <label key={action.value} className="flex items-start gap-2 text-sm text-zinc-700 dark:text-zinc-300">
            <input {...form.register("action")} type="radio" value={action.value} className="mt-1" />
            <span>
              {action.label}
              <span className="block text-xs text-zinc-500 dark:text-zinc-400">{action.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <SenderListFields idPrefix={mailbox.id} register={(name) => form.register(name)} errors={errors} />
      <DialogActions>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" pending={isSubmitting}>
          {isSubmitting ? "Saving…" : "Save spam settings"}
        </Button>
      </DialogActions>
    </form>
  );
}
