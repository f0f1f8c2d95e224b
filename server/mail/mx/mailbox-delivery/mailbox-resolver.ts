// Hosted mailboxes, their aliases and the domains' catch-alls
// (docs/mailboxes.md, "Receiving mail"): an address resolveRecipient knows
// becomes a destination naming the mailboxes it delivers into. What can be
// told at RCPT is answered there: mail storage off or down → 451 4.3.0 (the
// sender retries), every mailbox of the address full → 452 4.2.2.
import { env } from "@/server/config/env";
import { readMailStoreStatus } from "@/server/mail-store/dovecot/mail-store-status";
import { SmtpReply } from "@/server/mail/reply-codes";
import { allMailboxesFull } from "@/server/services/mailbox-delivery/all-mailboxes-full";
import { resolveRecipient } from "@/server/services/mailboxes/resolve-recipient";
import type { MailboxDestination, RecipientResolver } from "../inbound-message";

/** `address` delivered into `addresses`, refused now when storage is off or every one of them is full. */
export async function mailboxDestination(address: string, addresses: string[]): Promise<MailboxDestination> {
  const status = readMailStoreStatus(env());
  if (status === "off" || status === "offline") throw new SmtpReply("temporaryFailure", "mail storage is offline");
  if (await allMailboxesFull(addresses)) throw new SmtpReply("mailboxFull");
  return { kind: "mailbox", address, mailboxes: addresses };
}

async function resolve(address: string): Promise<MailboxDestination | null> {
  const addresses = await resolveRecipient(address);
  return addresses ? mailboxDestination(address, addresses) : null;
}

export const mailboxResolver: RecipientResolver = { name: "hosted mailbox, alias or catch-all", resolve };
