// POST /smtp-relays: adds a relay. The account's first relay is the default
// unless `is_default: false` is sent; `is_default: true` moves the default here.
import { count, eq } from "drizzle-orm";
import type { z } from "zod";
import { now } from "@/server/clock";
import { db } from "@/server/db/client";
import { smtpRelays } from "@/server/db/schema";
import { newId } from "@/server/ids";
import { recordActivity } from "@/server/services/activity/record-activity";
import type { ClientInfo } from "@/shared/api/client-info";
import type { createSmtpRelayBody } from "@/shared/schemas/smtp-relay";
import { clearOtherDefaults } from "./default-relay";
import { lockAccountRelays } from "./lock-account-relays";
import { sealRelayPassword } from "./relay-password";
import { relayView } from "./relay-view";

export type CreateRelayInput = z.output<typeof createSmtpRelayBody>;

export async function createRelay(accountId: string, input: CreateRelayInput, client: ClientInfo) {
  return db().transaction(async (tx) => {
    await lockAccountRelays(tx, accountId);
    const [existing] = await tx.select({ total: count() }).from(smtpRelays).where(eq(smtpRelays.accountId, accountId));
    const isDefault = input.is_default ?? existing!.total === 0;
    const id = newId("rly");
    if (isDefault) await clearOtherDefaults(tx, accountId, id);
    const at = now();
    const [row] = await tx
      .insert(smtpRelays)
      .values({
        id,
        accountId,
        name: input.name,
        host: input.smtp_host,
        port: input.smtp_port,
        username: input.smtp_username ?? null,
        passwordSealed: input.smtp_password === undefined ? null : sealRelayPassword(input.smtp_password, accountId, id),
        encryption: input.encryption,
        status: input.status,
        isDefault,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    await recordActivity(
      {
        accountId,
        type: "relay.created",
        description: `SMTP relay "${input.name}" added`,
        ip: client.ip,
        userAgent: client.userAgent,
        metadata: { relayId: id, name: input.name, host: input.smtp_host, port: input.smtp_port, isDefault },
      },
      tx,
    );
    return relayView(row!);
  });
}
