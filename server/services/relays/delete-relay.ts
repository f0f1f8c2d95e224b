// DELETE /smtp-relays/{id}. Deleting the default hands the role to the most
// recently added active relay (or to none), so sending keeps a relay when it can.
import { eq } from "drizzle-orm";
import { db } from "@/server/db/client";
import { smtpRelays } from "@/server/db/schema";
import { recordActivity } from "@/server/services/activity/record-activity";
import type { ClientInfo } from "@/shared/api/client-info";
import { promoteNewestActiveRelay } from "./default-relay";
import { getRelayOrThrow } from "./find-relay";
import { lockAccountRelays } from "./lock-account-relays";

export async function deleteRelay(accountId: string, relayId: string, client: ClientInfo): Promise<void> {
  await db().transaction(async (tx) => {
    await lockAccountRelays(tx, accountId);
    const relay = await getRelayOrThrow(accountId, relayId, tx);
    await tx.delete(smtpRelays).where(eq(smtpRelays.id, relayId));
    const newDefaultId = relay.isDefault ? await promoteNewestActiveRelay(tx, accountId) : undefined;
    await recordActivity(
      {
        accountId,
        type: "relay.deleted",
        description: `SMTP relay "${relay.name}" deleted`,
        ip: client.ip,
        userAgent: client.userAgent,
        metadata: {
          relayId,
          name: relay.name,
          wasDefault: relay.isDefault,
          ...(newDefaultId !== undefined ? { newDefaultRelayId: newDefaultId } : {}),
        },
      },
      tx,
    );
  });
}
