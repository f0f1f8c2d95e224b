import { and, eq } from "drizzle-orm";
import { db } from "@/server/db/client";
import { mailboxes } from "@/server/db/schema";
import { notFound } from "@/server/errors";

/** The account's mailbox, or 404 (another account's mailbox is not found either). */
export async function getOwnMailboxOrThrow(accountId: string, mailboxId: string): Promise<{ id: string; address: string }> {
  const [mailbox] = await db()
    .select({ id: mailboxes.id, address: mailboxes.address })
    .from(mailboxes)
    .where(and(eq(mailboxes.id, mailboxId), eq(mailboxes.accountId, accountId)))
    .limit(1);
  if (!mailbox) throw notFound("Mailbox");
  return mailbox;
}
