// A domain's first mailbox (the oldest): where postmaster@ that domain goes
// when the customer made no mailbox, alias or catch-all for it
// (docs/mailboxes.md, "Postmaster"; server/mail/mx/mailbox-delivery/postmaster-resolver.ts).
import { asc, eq } from "drizzle-orm";
import { db } from "@/server/db/client";
import { mailboxes, sendingDomains } from "@/server/db/schema";

export async function findFirstMailboxOf(domain: string): Promise<string | null> {
  const [row] = await db()
    .select({ address: mailboxes.address })
    .from(mailboxes)
    .innerJoin(sendingDomains, eq(sendingDomains.id, mailboxes.domainId))
    .where(eq(sendingDomains.name, domain))
    .orderBy(asc(mailboxes.createdAt), asc(mailboxes.address))
    .limit(1);
  return row?.address ?? null;
}
