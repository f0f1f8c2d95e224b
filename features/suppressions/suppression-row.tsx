"use client";
// One suppressed address: why it is there (with the message that caused it)
// and a remove button behind a confirmation.
import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/button";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { PortalApiError } from "@/features/api/portal-fetch";
import { textLinkClass } from "@/features/auth/auth-card";
import { formatDateTime } from "@/components/format-time";
import type { Suppression } from "@/shared/schemas/suppressions";
import { useRemoveSuppression } from "./use-suppressions";
import { Badge } from "@/components/badge";

const reasonLabels: Record<Suppression["reason"], string> = {
  hard_bounce: "Bounced",
  complaint: "Spam complaint",
  manual: "Added by hand",
};

export function SuppressionRow({ entry, onRemoved }: { entry: Suppression; onRemoved: () => void }) {
  const remove = useRemoveSuppression();
  const [confirming, setConfirming] = useState(false);
  const error =
    remove.error instanceof PortalApiError ? remove.error.message : remove.error ? "We could not remove the address. Try again." : null;
  return (
    <li className="flex flex-col gap-3 px-6 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium break-all text-zinc-900 dark:text-white">{entry.email}</p>
        <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">
          <Badge>{reasonLabels[entry.reason]}</Badge> since {formatDateTime(entry.createdAt)}
          {entry.messageId ? (
            <>
              {" · "}
              <Link href={`/messages/${entry.messageId}`} className={textLinkClass}>
                the message
              </Link>
            </>
          ) : null}
        </p>
      </div>
      <Button variant="secondary" size="sm" onClick={() => setConfirming(true)} aria-label={`Remove ${entry.email}`}>
        Remove
      </Button>
      <ConfirmDialog
        open={confirming}
        title={`Remove ${entry.email}?`}
        confirmLabel="Remove address"
        pending={remove.isPending}
        error={error}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(entry.email, {
            onSuccess: () => {
              setConfirming(false);
              onRemoved();
            },
          })
        }
      >
        We will send to this address again. If it still bounces or complains, it comes back on the list.
      </ConfirmDialog>
    </li>
  );
}
