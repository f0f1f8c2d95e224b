// The hosted mailbox at an address, with its account: whom a mailbox's rules
// send as when our Dovecot hands their mail over (docs/spam-and-rules.md).
import { eq } from "drizzle-orm";
import { db } from "@/server/db/client";
import { accounts, mailboxes } from "@/server/db/schema";

/** The mailbox whose address is `address` (as stored: lower case) and its account, or undefined when there is none. */
export async function findMailboxWithAccount(address: string) {
  const [owner] = await db()
    .select({ mailbox: mailboxes, account: accounts })
    .from(mailboxes)
    .innerJoin(accounts, eq(accounts.id, mailboxes.accountId))
    .where(eq(mailboxes.address, address))
    .limit(1);
  return owner;
}
