// GET /mailboxes: the account's mailboxes, by address (an array, docs/mailboxes.md).
import { asc, eq } from "drizzle-orm";
import { db } from "@/server/db/client";
import { mailboxes } from "@/server/db/schema";
import { mailboxView } from "./mailbox-view";

export async function listMailboxes(accountId: string) {
  const rows = await db().select().from(mailboxes).where(eq(mailboxes.accountId, accountId)).orderBy(asc(mailboxes.address));
  return rows.map(mailboxView);
}
