// The delivery job of one message: compose and sign it, then hand it to the
// account's default active relay, or to the service's own transport when the
// account has none. A temporary failure is recorded ("deferred") and thrown
// so the queue retries with backoff; a permanent refusal (an SMTP 5xx) or the
// last attempt marks the message failed.
import { eq, sql } from "drizzle-orm";
import { now } from "@/server/clock";
import { db } from "@/server/db/client";
import { messageEvents, messages } from "@/server/db/schema";
import { emailTransport } from "@/server/email/transport";
import { env } from "@/server/env";
import { newId } from "@/server/ids";
import { logger } from "@/server/logger";
import { dkimSigningKey } from "@/server/services/domains/dkim-keys";
import { findDefaultRelayForSending } from "@/server/services/relays/find-default-relay-for-sending";
import { openRelaySession } from "@/server/services/relays/open-relay-session";
import type { ComposedMessage } from "@/server/email/message";
import { composeMessage } from "./compose-message";

/** Tries per message, the first included; the queue's retry limit matches. */
export const DELIVERY_ATTEMPTS = 6;
const RELAY_TIMEOUT_MS = 30_000;

type DeliveryError = Error & { responseCode?: number; response?: string };

async function sendThroughRelay(accountId: string, composed: ComposedMessage): Promise<"relay" | "service"> {
  const relay = await findDefaultRelayForSending(accountId);
  if (!relay) {
    await emailTransport().sendComposed(composed);
    return "service";
  }
  const session = await openRelaySession(relay, { timeoutMs: RELAY_TIMEOUT_MS, allowPrivate: env().RELAY_ALLOW_PRIVATE_HOSTS });
  try {
    await new Promise<void>((resolve, reject) => {
      session.send(composed.envelope, composed.raw, (error) => (error ? reject(error) : resolve()));
    });
  } finally {
    session.quit();
  }
  return "relay";
}

const isPermanent = (error: DeliveryError) => typeof error.responseCode === "number" && error.responseCode >= 500;

const describe = (error: DeliveryError) => (error.response ?? error.message).replace(/\s+/g, " ").slice(0, 300);

async function recordEvent(messageId: string, type: "sent" | "deferred" | "failed", detail: Record<string, unknown>, changes: Partial<typeof messages.$inferInsert>) {
  await db().transaction(async (tx) => {
    await tx.update(messages).set({ ...changes, attempts: sql`${messages.attempts} + 1` }).where(eq(messages.id, messageId));
    await tx.insert(messageEvents).values({ id: newId("mev"), messageId, type, detail });
  });
}

export async function deliverMessage(messageId: string): Promise<void> {
  const [row] = await db().select().from(messages).where(eq(messages.id, messageId)).limit(1);
  // Gone with its account, or already settled by an earlier run of this job.
  if (row?.status !== "queued") return;
  try {
    const dkim = row.domainId ? await dkimSigningKey(row.domainId) : null;
    const composed = await composeMessage(row, dkim);
    const via = await sendThroughRelay(row.accountId, composed);
    await recordEvent(messageId, "sent", { via, signed: Boolean(dkim) }, { status: "sent", sentAt: now(), deliveredVia: via, lastError: null });
    logger().info({ messageId, via }, "message sent");
  } catch (caught) {
    const error = caught as DeliveryError;
    const reason = describe(error);
    const attempt = row.attempts + 1;
    if (isPermanent(error) || attempt >= DELIVERY_ATTEMPTS) {
      await recordEvent(messageId, "failed", { reason, attempt }, { status: "failed", lastError: reason });
      logger().warn({ messageId, attempt, reason }, "message failed");
      return;
    }
    await recordEvent(messageId, "deferred", { reason, attempt }, { lastError: reason });
    throw error;
  }
}
