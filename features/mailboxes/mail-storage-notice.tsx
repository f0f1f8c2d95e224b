"use client";
// Says on the Mailboxes page and the dashboard when this deployment's mail
// storage cannot take or show mail, and why (GET /mailboxes/client-settings and
// GET /dashboard/overview carry it). Nothing shows while it is up.
import { Alert } from "@/components/alert";
import type { MailStorage } from "@/shared/schemas/mail-storage";

export function MailStorageNotice({ storage, className }: { storage: MailStorage | undefined; className?: string }) {
  if (storage?.status === "offline") {
    return (
      <Alert tone="warning" title="Mail storage is offline" className={className}>
        <p>{storage.reason}</p>
        <p className="mt-1">Mailboxes cannot be read until it is back. Incoming mail is not lost: sending servers keep it and try again.</p>
      </Alert>
    );
  }
  if (storage?.status === "off") {
    return (
      <Alert tone="warning" title="No mail storage on this server" className={className}>
        <p>{storage.reason} Mailboxes can be set up, but they receive no mail and cannot be read.</p>
      </Alert>
    );
  }
  return null;
}
