// DELETE /mailboxes/{mailbox_id}: the mailbox and its app passwords go at once
// (logins stop); aliases stop delivering to it, and an alias left with no
// destination is deleted with it. Its stored mail is removed once that is committed.
import { and, eq, sql } from "drizzle-orm";
import { db } from "@/server/db/client";
import { mailboxAliases, mailboxes } from "@/server/db/schema";
import { notFound } from "@/server/errors";
import { recordActivity } from "@/server/services/activity/record-activity";
import type { ClientInfo } from "@/shared/api/client-info";
import { lockAccountMailboxes } from "./mail-domain";
import { removeStoredMail } from "./remove-stored-mail";

export async function deleteMailbox(accountId: string, mailboxId: string, client: ClientInfo): Promise<void> {
  const address = await db().transaction(async (tx) => {
    await lockAccountMailboxes(tx, accountId);
    const [deleted] = await tx
      .delete(mailboxes)
      .where(and(eq(mailboxes.id, mailboxId), eq(mailboxes.accountId, accountId)))
      .returning({ id: mailboxes.id, address: mailboxes.address });
    if (!deleted) throw notFound("Mailbox");
    const asList = JSON.stringify([deleted.address]);
    await tx
      .update(mailboxAliases)
      .set({ destinations: sql`${mailboxAliases.destinations} - ${deleted.address}::text` })
      .where(and(eq(mailboxAliases.accountId, accountId), sql`${mailboxAliases.destinations} @> ${asList}::jsonb`));
    await tx
      .delete(mailboxAliases)
      .where(and(eq(mailboxAliases.accountId, accountId), sql`jsonb_array_length(${mailboxAliases.destinations}) = 0`));
    await recordActivity(
      {
        accountId,
        type: "mailbox.deleted",
        description: `Deleted the mailbox ${deleted.address}`,
        ip: client.ip,
        userAgent: client.userAgent,
        metadata: { mailboxId: deleted.id, address: deleted.address },
      },
      tx,
    );
    return deleted.address;
  });
  await removeStoredMail([address]);
}
