// PATCH /smtp-relays/{id}: changes only what is sent. Without smtp_password
// the stored one is kept; null for both credentials removes them. A change to
// where or how we connect makes the last test result meaningless, so it is cleared.
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { now } from "@/server/clock";
import { db } from "@/server/db/client";
import { smtpRelays } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { recordActivity } from "@/server/services/activity/record-activity";
import type { ClientInfo } from "@/shared/api/client-info";
import type { updateSmtpRelayBody } from "@/shared/schemas/smtp-relay";
import { clearOtherDefaults } from "./default-relay";
import { getRelayOrThrow } from "./find-relay";
import { lockAccountRelays } from "./lock-account-relays";
import { sealRelayPassword } from "./relay-password";
import { relayView } from "./relay-view";

export type UpdateRelayInput = z.output<typeof updateSmtpRelayBody>;

const connectionFields = ["smtp_host", "smtp_port", "encryption", "smtp_username", "smtp_password"] as const;

export async function updateRelay(accountId: string, relayId: string, input: UpdateRelayInput, client: ClientInfo) {
  return db().transaction(async (tx) => {
    await lockAccountRelays(tx, accountId);
    const current = await getRelayOrThrow(accountId, relayId, tx);

    const username = input.smtp_username === undefined ? current.username : input.smtp_username;
    const passwordSealed =
      input.smtp_password === undefined
        ? current.passwordSealed
        : input.smtp_password === null
          ? null
          : sealRelayPassword(input.smtp_password, accountId, relayId);
    if ((username === null) !== (passwordSealed === null)) {
      const [path, message] =
        username === null
          ? ["smtp_username", "Username is required with a password"]
          : ["smtp_password", "Password is required with a username"];
      throw new AppError("validation_error", `Invalid request body: ${path}: ${message}`, { errors: [{ path, message }] });
    }

    // What really changes (sending the same value again is not a change).
    const differs: Record<keyof UpdateRelayInput, boolean> = {
      name: input.name !== undefined && input.name !== current.name,
      smtp_host: input.smtp_host !== undefined && input.smtp_host !== current.host,
      smtp_port: input.smtp_port !== undefined && input.smtp_port !== current.port,
      encryption: input.encryption !== undefined && input.encryption !== current.encryption,
      status: input.status !== undefined && input.status !== current.status,
      is_default: input.is_default !== undefined && input.is_default !== current.isDefault,
      smtp_username: input.smtp_username !== undefined && input.smtp_username !== current.username,
      // A sent password counts as a change: the stored one is not compared.
      smtp_password: input.smtp_password !== undefined && !(input.smtp_password === null && current.passwordSealed === null),
    };
    const changed = (Object.keys(differs) as (keyof UpdateRelayInput)[]).filter((field) => differs[field]);
    const connectionChanged = changed.some((field) => (connectionFields as readonly string[]).includes(field));
    if (input.is_default === true) await clearOtherDefaults(tx, accountId, relayId);

    const [row] = await tx
      .update(smtpRelays)
      .set({
        name: input.name ?? current.name,
        host: input.smtp_host ?? current.host,
        port: input.smtp_port ?? current.port,
        username,
        passwordSealed,
        encryption: input.encryption ?? current.encryption,
        status: input.status ?? current.status,
        isDefault: input.is_default ?? current.isDefault,
        ...(connectionChanged ? { lastTestedAt: null, lastTestOk: null, lastTestError: null, lastTestMessage: null } : {}),
        updatedAt: now(),
      })
      .where(eq(smtpRelays.id, relayId))
      .returning();
    await recordActivity(
      {
        accountId,
        type: "relay.updated",
        description: `SMTP relay "${row!.name}" changed`,
        ip: client.ip,
        userAgent: client.userAgent,
        // Field names only: never the values of credentials.
        metadata: { relayId, name: row!.name, fields: changed },
      },
      tx,
    );
    return relayView(row!);
  });
}
