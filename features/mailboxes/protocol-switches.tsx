"use client";
// IMAP, POP3 and SMTP on or off for one mailbox (PATCH, applied at once): a
// protocol turned off refuses that protocol's logins, app passwords included.
import { Switch } from "@/components/switch";
import type { Mailbox } from "@/shared/schemas/mailboxes";
import { useUpdateMailbox } from "./use-mailboxes";

const protocols = [
  { field: "imapEnabled", label: "IMAP" },
  { field: "pop3Enabled", label: "POP3" },
  { field: "smtpEnabled", label: "SMTP" },
] as const;

export function ProtocolSwitches({ mailbox }: { mailbox: Mailbox }) {
  const update = useUpdateMailbox(mailbox.id);
  return (
    <fieldset>
      <legend className="text-xs font-medium tracking-wide text-zinc-500 uppercase dark:text-zinc-400">Protocols</legend>
      <div className="mt-2 flex flex-wrap gap-x-6 gap-y-3">
        {protocols.map(({ field, label }) => {
          const labelId = `${mailbox.id}-${field}`;
          return (
            <div key={field} className="flex items-center gap-2">
              <Switch
                aria-labelledby={labelId}
                checked={mailbox[field]}
                pending={update.isPending && update.variables?.[field] !== undefined}
                onCheckedChange={(checked) => update.mutate({ [field]: checked })}
              />
              <span id={labelId} className="text-sm text-zinc-800 dark:text-zinc-200">
                {label}
                <span className="sr-only"> for {mailbox.address}</span>
              </span>
            </div>
          );
        })}
      </div>
      {update.error ? <p className="mt-2 text-sm text-red-600 dark:text-red-400">{update.error.message}</p> : null}
    </fieldset>
  );
}
