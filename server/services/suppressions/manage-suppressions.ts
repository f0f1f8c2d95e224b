// POST and DELETE /sending/suppressions: the customer adds an address by hand
// (reason manual; an address already listed stays as it was) or lets one
// receive mail again. Both are in the account's activity log.
import { and, eq } from "drizzle-orm";
import { db } from "@/server/db/client";
import { suppressions } from "@/server/db/schema";
import { notFound } from "@/server/errors";
import { recordActivity } from "@/server/services/activity/record-activity";
import type { ClientInfo } from "@/shared/api/client-info";
import type { Suppression } from "@/shared/schemas/suppressions";
import { suppressionView } from "./list-suppressions";
import { suppressAddress, suppressionKey } from "./suppress-address";

export async function addSuppression(
  accountId: string,
  email: string,
  client: ClientInfo,
): Promise<{ suppression: Suppression; created: boolean }> {
  return db().transaction(async (tx) => {
    const { suppression, created } = await suppressAddress({ accountId, email, reason: "manual" }, tx);
    if (created)
      await recordActivity(
        {
          accountId,
          type: "suppression.added",
          description: `${suppression.email} added to the suppression list`,
          ip: client.ip,
          userAgent: client.userAgent,
          metadata: { email: suppression.email },
        },
        tx,
      );
    return { suppression: suppressionView(suppression), created };
  });
}

export async function removeSuppression(accountId: string, email: string, client: ClientInfo): Promise<void> {
  const key = suppressionKey(email);
  await db().transaction(async (tx) => {
    const [removed] = await tx
      .delete(suppressions)
      .where(and(eq(suppressions.accountId, accountId), eq(suppressions.email, key)))
      .returning({ email: suppressions.email, reason: suppressions.reason });
    if (!removed) throw notFound("Suppression");
    await recordActivity(
      {
        accountId,
        type: "suppression.removed",
        description: `${removed.email} removed from the suppression list`,
        ip: client.ip,
        userAgent: client.userAgent,
        metadata: { email: removed.email, reason: removed.reason },
      },
      tx,
    );
  });
}
