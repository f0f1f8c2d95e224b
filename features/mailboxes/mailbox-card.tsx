"use client";
// One mailbox: its address and name, storage used and its quota, protocol
// switches, app passwords, the inbox link, "Spam filter…" and "Delete…".
import { useState } from "react";
import { Button } from "@/components/button";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { formatDateTime, formatRelativeTime } from "@/components/format-time";
import type { Mailbox } from "@/shared/schemas/mailboxes";
import { AppPasswords } from "./app-passwords";
import { ChangePasswordDialog } from "./change-password-dialog";
import { ChangeQuotaDialog } from "./change-quota-dialog";
import { InboxSlot } from "./inbox-slot";
import { ProtocolSwitches } from "./protocol-switches";
import { QuotaBar } from "./quota-bar";
import { SpamSettingsDialog } from "./spam-settings-dialog";
import { useDeleteMailbox } from "./use-mailboxes";

/** `onNotice`: what changed, for the page's status line. */
type MailboxCardProps = { mailbox: Mailbox; onNotice: (text: string) => void };

export function MailboxCard({ mailbox, onNotice }: MailboxCardProps) {
  const remove = useDeleteMailbox();
  const [confirming, setConfirming] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);
  const [changingQuota, setChangingQuota] = useState(false);
  const [changingSpam, setChangingSpam] = useState(false);
  const headingId = `mailbox-${mailbox.id}`;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-zinc-200 bg-white shadow-xs dark:border-zinc-800 dark:bg-zinc-900/60"
    >
      <div className="flex flex-col gap-4 px-5 py-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 id={headingId} className="font-mono text-sm font-semibold break-all text-zinc-900 dark:text-white">
            {mailbox.address}
          </h3>
          <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">
            {mailbox.name ? `${mailbox.name} · ` : ""}created {formatDateTime(mailbox.createdAt)} ·{" "}
            {mailbox.lastLoginAt ? `last login ${formatRelativeTime(mailbox.lastLoginAt)}` : "no login yet"}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <InboxSlot mailbox={mailbox} />
          <Button size="sm" variant="secondary" onClick={() => setChangingPassword(true)}>
            Change password…<span className="sr-only"> of {mailbox.address}</span>
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setChangingSpam(true)}>
            Spam filter…<span className="sr-only"> of {mailbox.address}</span>
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setConfirming(true)}>
            Delete…<span className="sr-only"> {mailbox.address}</span>
          </Button>
        </div>
      </div>
      <div className="grid gap-5 border-t border-zinc-200 px-5 py-4 sm:grid-cols-2 dark:border-zinc-800">
        <div>
          <h4 className="mb-2 text-xs font-medium tracking-wide text-zinc-500 uppercase dark:text-zinc-400">Storage</h4>
          <QuotaBar usedBytes={mailbox.usedBytes} quotaBytes={mailbox.quotaBytes} label={`Storage of ${mailbox.address}`} />
          <Button size="sm" variant="secondary" className="mt-2" onClick={() => setChangingQuota(true)}>
            Change quota…<span className="sr-only"> of {mailbox.address}</span>
          </Button>
        </div>
        <ProtocolSwitches mailbox={mailbox} />
      </div>
      <div className="border-t border-zinc-200 px-5 py-4 dark:border-zinc-800">
        <AppPasswords mailbox={mailbox} />
      </div>
      <ChangePasswordDialog
        mailbox={mailbox}
        open={changingPassword}
        onClose={() => setChangingPassword(false)}
        onChanged={() => {
          setChangingPassword(false);
          onNotice(`Changed the password of ${mailbox.address}.`);
        }}
      />
      <ChangeQuotaDialog
        mailbox={mailbox}
        open={changingQuota}
        onClose={() => setChangingQuota(false)}
        onChanged={(quota) => {
          setChangingQuota(false);
          onNotice(`${mailbox.address} can now store up to ${quota}.`);
        }}
      />
      <SpamSettingsDialog
        mailbox={mailbox}
        open={changingSpam}
        onClose={() => setChangingSpam(false)}
        onSaved={() => {
          setChangingSpam(false);
          onNotice(`Saved the spam settings of ${mailbox.address}.`);
        }}
      />
      <ConfirmDialog
        open={confirming}
        title={`Delete ${mailbox.address}?`}
        confirmLabel="Delete mailbox"
        pending={remove.isPending}
        error={remove.error?.message}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(mailbox.id, {
            onSuccess: () => {
              setConfirming(false);
              onNotice(`Deleted ${mailbox.address}.`);
            },
          })
        }
      >
        Its mail and app passwords are deleted and mail clients can no longer log in. Aliases stop delivering to it. This cannot be undone.
      </ConfirmDialog>
    </section>
  );
}
