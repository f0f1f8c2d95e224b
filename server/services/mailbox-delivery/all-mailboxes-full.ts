// Whether every one of these mailboxes has used its quota (Dovecot's usage,
// copied back to our table): the MX then refuses the recipient at RCPT with
// 452 4.2.2 (server/mail/mx/mailbox-delivery/mailbox-resolver.ts).
import { inArray, sql } from "drizzle-orm";
import { db } from "@/server/db/client";
import { mailboxes } from "@/server/db/schema";

export async function allMailboxesFull(addresses: string[]): Promise<boolean> {
  const [row] = await db()
    .select({ full: sql<number>`count(*) filter (where ${mailboxes.usedBytes} >= ${mailboxes.quotaBytes})`.mapWith(Number) })
    .from(mailboxes)
    .where(inArray(mailboxes.address, addresses));
  return (row?.full ?? 0) >= addresses.length;
}
