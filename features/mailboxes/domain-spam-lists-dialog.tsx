"use client";
// "Spam lists…" of a domain (GET | PUT /mailboxes/domains/{id}/spam): senders
// every mailbox on it always accepts or refuses, one per line. A mailbox's
// own lists (its "Spam filter…") are read first. Opens with the saved lists,
// so saving it untouched is harmless.
import type { z } from "zod";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { Dialog, DialogActions } from "@/components/dialog";
import { QueryState } from "@/components/query-state";
import { lazyZodResolver } from "@/features/forms/lazy-zod-resolver";
import { useApiForm } from "@/features/forms/use-api-form";
import type { DomainSpamLists, spamListsFormSchema } from "@/shared/schemas/mailbox-spam";
import { senderLines } from "@/shared/sender-lines";
import type { SendingDomain } from "@/shared/schemas/sending-domain";
import { SenderListFields } from "./sender-list-fields";
import { useDomainSpamLists, useSaveDomainSpamLists } from "./use-domain-spam-lists";

type Values = z.output<typeof spamListsFormSchema>;
const resolver = lazyZodResolver<Values, Values>(() =>
  import("@/shared/schemas/mailbox-spam").then((schemas) => schemas.spamListsFormSchema),
);

type Props = { domain: SendingDomain; onCancel: () => void; onSaved: () => void };

export function DomainSpamListsDialog({ open, ...props }: Props & { open: boolean }) {
  return (
    <Dialog open={open} title={`Spam lists for ${props.domain.name}`} onClose={props.onCancel}>
      {open ? <DomainSpamListsLoader {...props} /> : null}
    </Dialog>
  );
}

function DomainSpamListsLoader(props: Props) {
  const lists = useDomainSpamLists(props.domain.domain_id);
  return (
    <QueryState query={lists} what="the spam lists">
      {(data) => <DomainSpamListsForm {...props} lists={data} />}
    </QueryState>
  );
}

function DomainSpamListsForm({ domain, lists, onCancel, onSaved }: Props & { lists: DomainSpamLists }) {
  const save = useSaveDomainSpamLists(domain.domain_id);
  const { form, errors, isSubmitting, onSubmit, failure } = useApiForm({
    resolver,
    defaultValues: { allow: lists.allow.join("\n"), block: lists.block.join("\n") },
    submit: (values: Values) => save.mutateAsync({ allow: senderLines(values.allow), block: senderLines(values.block) }),
    onSuccess: () => onSaved(),
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {failure ? <Alert>{failure}</Alert> : null}
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        These hold for every mailbox, alias and catch-all on {domain.name}. A sender named in a mailbox&apos;s own spam filter lists is
        treated as those say.
      </p>
      <SenderListFields idPrefix={domain.domain_id} register={(name) => form.register(name)} errors={errors} />
      <DialogActions>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" pending={isSubmitting}>
          {isSubmitting ? "Saving…" : "Save spam lists"}
        </Button>
      </DialogActions>
    </form>
  );
}
