"use client";
// One app password: its name, the protocols it may log in with, when it was
// last used, and "Delete" behind a confirmation.
import { useState } from "react";
import { Badge } from "@/components/badge";
import { Button } from "@/components/button";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { formatDateTime, formatRelativeTime } from "@/components/format-time";
import type { AppPassword } from "@/shared/schemas/mailbox-app-passwords";
import { protocolLabel } from "./protocol-labels";
import { useDeleteAppPassword } from "./use-mailboxes";

export function AppPasswordRow({ mailboxId, appPassword }: { mailboxId: string; appPassword: AppPassword }) {
  const remove = useDeleteAppPassword(mailboxId);
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="flex flex-col gap-2 py-2.5 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-1.5 text-sm font-medium break-all text-zinc-900 dark:text-white">
          {appPassword.name}
          <span className="sr-only">, for </span>
          {appPassword.protocols.map((protocol, index) => (
            <Badge key={protocol}>
              {protocolLabel[protocol]}
              {index < appPassword.protocols.length - 1 ? <span className="sr-only">, </span> : null}
            </Badge>
          ))}
        </p>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          Created {formatDateTime(appPassword.createdAt)} ·{" "}
          {appPassword.lastUsedAt ? `last used ${formatRelativeTime(appPassword.lastUsedAt)}` : "never used"}
        </p>
      </div>
      <Button variant="secondary" size="sm" onClick={() => setConfirming(true)} aria-label={`Delete app password ${appPassword.name}`}>
        Delete
      </Button>
      <ConfirmDialog
        open={confirming}
        title={`Delete “${appPassword.name}”?`}
        confirmLabel="Delete app password"
        pending={remove.isPending}
        error={remove.error?.message}
        onCancel={() => setConfirming(false)}
        onConfirm={() => remove.mutate(appPassword.id, { onSuccess: () => setConfirming(false) })}
      >
        Mail apps using it can no longer log in.
      </ConfirmDialog>
    </li>
  );
}
