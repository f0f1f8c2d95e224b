"use client";
// "Change quota…" of one mailbox (PATCH with `quotaMb`): opens with the
// current quota, so saving it unchanged is harmless; past the plan's largest
// quota the API's answer (409 plan_limit) is shown beside the field.
import type { z } from "zod";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { Dialog, DialogActions } from "@/components/dialog";
import { describedBy, fieldIds, FormField, inputClass } from "@/components/form-field";
import { PortalApiError } from "@/features/api/portal-fetch";
import { lazyZodResolver } from "@/features/forms/lazy-zod-resolver";
import { useApiForm } from "@/features/forms/use-api-form";
import type { Mailbox, mailboxQuotaBody } from "@/shared/schemas/mailboxes";
import { formatBytes } from "./quota-bar";
import { useUpdateMailbox } from "./use-mailboxes";

type Input = z.input<typeof mailboxQuotaBody>;
type Values = z.output<typeof mailboxQuotaBody>;
const resolver = lazyZodResolver<Input, Values>(() => import("@/shared/schemas/mailboxes").then((schemas) => schemas.mailboxQuotaBody));

const MB = 1024 * 1024;
const HINT = "Below what is stored, new mail is refused until some is deleted.";

/** An empty field is NaN, which the schema's number rule turns into a message for people. */
const asNumber = (value: unknown) => (value === "" || value === undefined ? Number.NaN : Number(value));

export function ChangeQuotaDialog({
  mailbox,
  open,
  onClose,
  onChanged,
}: {
  mailbox: Mailbox;
  open: boolean;
  onClose: () => void;
  /** Called with the new quota as people read it ("512 MB"). */
  onChanged: (quota: string) => void;
}) {
  return (
    <Dialog open={open} title={`Storage quota of ${mailbox.address}`} onClose={onClose}>
      <QuotaForm mailbox={mailbox} onCancel={onClose} onChanged={onChanged} />
    </Dialog>
  );
}

type QuotaFormProps = { mailbox: Mailbox; onCancel: () => void; onChanged: (quota: string) => void };

function QuotaForm({ mailbox, onCancel, onChanged }: QuotaFormProps) {
  const update = useUpdateMailbox(mailbox.id);
  const ids = fieldIds(`${mailbox.id}-quota`);
  const { form, errors, isSubmitting, onSubmit, failure } = useApiForm({
    resolver,
    defaultValues: { quotaMb: Math.max(1, Math.round(mailbox.quotaBytes / MB)) },
    fields: ["quotaMb"],
    submit: (values: Values) => update.mutateAsync({ quotaMb: values.quotaMb }),
    onSuccess: (updated) => onChanged(formatBytes(updated.quotaBytes)),
    onError: (error, form) => {
      if (!(error instanceof PortalApiError) || error.code !== "plan_limit") return false;
      form.setError("quotaMb", { type: "server", message: error.message }, { shouldFocus: true });
      return true;
    },
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {failure ? <Alert>{failure}</Alert> : null}
      <FormField ids={ids} label="Storage quota (MB)" hint={HINT} error={errors.quotaMb?.message}>
        <input
          {...form.register("quotaMb", { setValueAs: asNumber })}
          {...describedBy(ids, { hint: HINT, error: errors.quotaMb?.message })}
          type="number"
          inputMode="numeric"
          min={1}
          className={inputClass}
        />
      </FormField>
      <DialogActions>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" pending={isSubmitting}>
          {isSubmitting ? "Saving…" : "Save quota"}
        </Button>
      </DialogActions>
    </form>
  );
}
