// DELETE /sending/domains/{domain_id}: removes the domain, its records and its
// DKIM key; a verified name becomes free for other accounts again.
import { and, eq } from "drizzle-orm";
import { db } from "@/server/db/client";
import { sendingDomains } from "@/server/db/schema";
import { notFound } from "@/server/errors";
import { recordActivity } from "@/server/services/activity/record-activity";
import type { ClientInfo } from "@/shared/api/client-info";

export async function deleteDomain(accountId: string, domainId: string, client: ClientInfo): Promise<void> {
  await db().transaction(async (tx) => {
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
  });
}
