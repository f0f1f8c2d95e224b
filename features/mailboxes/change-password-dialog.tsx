"use client";
// "Change password…" of one mailbox (PATCH with `password`): the new password
// applies at once; app passwords are kept.
import type { z } from "zod";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { Dialog, DialogActions } from "@/components/dialog";
import { describedBy, fieldIds, FormField } from "@/components/form-field";
import { PasswordInput } from "@/components/password-input";
import { lazyZodResolver } from "@/features/forms/lazy-zod-resolver";
import { useApiForm } from "@/features/forms/use-api-form";
import type { Mailbox, mailboxPasswordBody } from "@/shared/schemas/mailboxes";
import { useUpdateMailbox } from "./use-mailboxes";

type Input = z.input<typeof mailboxPasswordBody>;
type Values = z.output<typeof mailboxPasswordBody>;
const resolver = lazyZodResolver<Input, Values>(() => import("@/shared/schemas/mailboxes").then((schemas) => schemas.mailboxPasswordBody));

const HINT = "At least 12 characters. Mail apps using the old password must be given the new one; app passwords keep working.";

export function ChangePasswordDialog({
  mailbox,
  open,
  onClose,
  onChanged,
}: {
  mailbox: Mailbox;
  open: boolean;
  onClose: () => void;
  onChanged: () => void;
}) {
  return (
    <Dialog open={open} title={`New password for ${mailbox.address}`} onClose={onClose}>
      <PasswordForm mailbox={mailbox} onCancel={onClose} onChanged={onChanged} />
    </Dialog>
  );
}

function PasswordForm({ mailbox, onCancel, onChanged }: { mailbox: Mailbox; onCancel: () => void; onChanged: () => void }) {
  const update = useUpdateMailbox(mailbox.id);
  const ids = fieldIds(`${mailbox.id}-new-password`);
  const { form, errors, isSubmitting, onSubmit, failure } = useApiForm({
    resolver,
    defaultValues: { password: "" },
    submit: (values: Values) => update.mutateAsync({ password: values.password }),
    onSuccess: () => onChanged(),
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {failure ? <Alert>{failure}</Alert> : null}
      <FormField ids={ids} label="New password" hint={HINT} error={errors.password?.message}>
        <PasswordInput
          {...form.register("password")}
          {...describedBy(ids, { hint: HINT, error: errors.password?.message })}
          autoComplete="new-password"
        />
      </FormField>
      <DialogActions>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" pending={isSubmitting}>
          {isSubmitting ? "Saving…" : "Change password"}
        </Button>
      </DialogActions>
    </form>
  );
}
