// DELETE /sending/domains/{domain_id}: removes the domain, its records and its
// DKIM key, and its hosted mailboxes with their mail; a verified name becomes
// free for other accounts again.
import { and, eq } from "drizzle-orm";
import { db } from "@/server/db/client";
import { mailboxes, sendingDomains } from "@/server/db/schema";
import { notFound } from "@/server/errors";
import { recordActivity } from "@/server/services/activity/record-activity";
import { removeStoredMail } from "@/server/services/mailboxes/remove-stored-mail";
import type { ClientInfo } from "@/shared/api/client-info";

export async function deleteDomain(accountId: string, domainId: string, client: ClientInfo): Promise<void> {
  const hosted = await db().transaction(async (tx) => {
    // Its mailboxes go with it (a cascade); their addresses are kept to remove their mail afterwards.
    const boxes = await tx
      .select({ address: mailboxes.address })
      .from(mailboxes)
      .where(and(eq(mailboxes.domainId, domainId), eq(mailboxes.accountId, accountId)));
    const [deleted] = await tx
      .delete(sendingDomains)
      .where(and(eq(sendingDomains.id, domainId), eq(sendingDomains.accountId, accountId)))
      .returning({ id: sendingDomains.id, name: sendingDomains.name });
    if (!deleted) throw notFound("Domain");
    await recordActivity(
      {
        accountId,
        type: "domain.deleted",
        description: `Deleted the sending domain ${deleted.name}`,
        ip: client.ip,
        userAgent: client.userAgent,
        metadata: { domainId: deleted.id, name: deleted.name },
      },
      tx,
    );
    return boxes.map((box) => box.address);
  });
  await removeStoredMail(hosted);
}
