"use client";
// One key in the list: its name, access, prefix and use, and revoking it
// (after a confirmation).
import { useState } from "react";
import { Badge } from "@/components/badge";
import { Button } from "@/components/button";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { formatDateTime, formatRelativeTime } from "@/components/format-time";
import { PortalApiError } from "@/features/api/portal-fetch";
import type { ApiKey } from "@/shared/schemas/api-keys";
import { useRevokeApiKey } from "./use-api-keys";
import { useActing } from "@/features/teams/use-acting";

const scopeLabels = { sending: "Sending", full: "Full access", "events:read": "Events (read)" } as const;

export function KeyRow({ apiKey, onRevoked }: { apiKey: ApiKey; onRevoked: () => void }) {
  const revoke = useRevokeApiKey();
  const mayRevoke = useActing().may("sending:write");
  const [confirming, setConfirming] = useState(false);
  const error =
    revoke.error instanceof PortalApiError ? revoke.error.message : revoke.error ? "We could not revoke the key. Try again." : null;
  return (
    <li className="flex flex-col gap-3 px-6 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium text-zinc-900 dark:text-white">
          {apiKey.name} <Badge className="ml-1">{scopeLabels[apiKey.scope]}</Badge>
        </p>
        <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">
          <span className="font-mono">{apiKey.prefix}…</span> · created {formatDateTime(apiKey.createdAt)} ·{" "}
          {apiKey.lastUsedAt ? `last used ${formatRelativeTime(apiKey.lastUsedAt)}` : "never used"}
          {apiKey.expiresAt ? ` · expires ${formatDateTime(apiKey.expiresAt)}` : ""}
        </p>
      </div>
      {mayRevoke ? (
        <Button variant="secondary" size="sm" onClick={() => setConfirming(true)} aria-label={`Revoke ${apiKey.name}`}>
          Revoke
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={`Revoke “${apiKey.name}”?`}
        confirmLabel="Revoke key"
        pending={revoke.isPending}
        error={error}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          revoke.mutate(apiKey.id, {
            onSuccess: () => {
              setConfirming(false);
              onRevoked();
            },
          })
        }
      >
        Anything using this key stops being able to send at once. This cannot be undone.
      </ConfirmDialog>
    </li>
  );
}
