// `postmaster@` every domain whose mail we host, and the domainless
// `<postmaster>`, must reach someone (RFC 5321 §4.5.1; docs/mailboxes.md,
// "Postmaster"). Tried after the mailbox resolver, so a mailbox, alias or
// catch-all the customer made for postmaster@ wins; otherwise the domain's
// first mailbox (the oldest) receives it. `<postmaster>` is the service's own
// postmaster, postmaster@<MAIL_HOSTNAME>: whatever the operator hosts for that
// address, else that domain's first mailbox when it is hosted here.
import { env } from "@/server/config/env";
import { findFirstMailboxOf } from "@/server/services/mailbox-delivery/find-first-mailbox";
import { mailboxDestination, mailboxResolver } from "./mailbox-resolver";
import type { MailboxDestination, RecipientResolver } from "../inbound-message";

async function resolve(address: string): Promise<MailboxDestination | null> {
  const normalized = address.trim().toLowerCase();
  const service = `postmaster@${env().mail.hostname.toLowerCase().replace(/\.$/, "")}`;
  if (normalized === "postmaster") {
    const hosted = await mailboxResolver.resolve(service);
    if (hosted) return { ...(hosted as MailboxDestination), address };
  } else if (!normalized.startsWith("postmaster@")) return null;
  const domain = (normalized === "postmaster" ? service : normalized).slice("postmaster@".length);
  const first = await findFirstMailboxOf(domain);
  return first ? mailboxDestination(address, [first]) : null;
}

export const postmasterResolver: RecipientResolver = { name: "postmaster", resolve };
