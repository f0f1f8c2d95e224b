"use client";
// List mail's way out: a message whose List-Unsubscribe names a one-click
// link or a mailto address gets an Unsubscribe button. The service makes the
// request (the reader's browser never visits the sender's link), after the
// reader confirms, and says what it did.
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { PortalApiError, portalFetch } from "@/features/api/portal-fetch";
import { unsubscribeFromList } from "@/shared/api/endpoint-refs";
import type { MailboxMessageDetail } from "@/shared/schemas/mailbox-messages";

type Props = { mailboxId: string; message: Pick<MailboxMessageDetail, "id" | "from" | "unsubscribe"> };

export function ListUnsubscribe({ mailboxId, message }: Props) {
  const [confirming, setConfirming] = useState(false);
  const unsubscribe = useMutation({
    mutationFn: () => portalFetch(unsubscribeFromList, { params: { mailbox_id: mailboxId, message_id: message.id }, body: {} }),
    onSuccess: () => setConfirming(false),
  });
  const option = message.unsubscribe;
  if (!option) return null;
  const sender = message.from ?? "this sender";
  const error =
    unsubscribe.error instanceof PortalApiError
      ? unsubscribe.error.message
      : unsubscribe.error
        ? "We could not unsubscribe. Try again."
        : null;
  if (unsubscribe.data)
    return (
      <Alert tone="success">
        {unsubscribe.data.method === "one_click"
          ? `Unsubscribed: ${unsubscribe.data.target} was told to stop sending this list to you.`
          : `An unsubscribe email is on its way to ${unsubscribe.data.target}.`}
      </Alert>
    );
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-zinc-200 px-3.5 py-3 text-sm sm:flex-row sm:items-center sm:justify-between dark:border-zinc-800">
      <p className="text-zinc-600 dark:text-zinc-400">This is list mail. Stop getting it with one click.</p>
      <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
        Unsubscribe
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Unsubscribe from this list?"
        confirmLabel="Unsubscribe"
        pending={unsubscribe.isPending}
        error={error}
        onCancel={() => setConfirming(false)}
        onConfirm={() => unsubscribe.mutate()}
      >
        {"url" in option
          ? `We tell ${new URL(option.url).host} that you no longer want mail from ${sender}. Your browser does not visit their site.`
          : `We send an unsubscribe email from this mailbox to ${option.mailto}.`}
      </ConfirmDialog>
    </div>
  );
}
