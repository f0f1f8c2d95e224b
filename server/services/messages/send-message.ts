// POST /sending/messages: checks the sender's domain, replays or refuses a
// reused Idempotency-Key, charges the quota, stores the message and queues
// its delivery, all in one transaction under a per-account lock. Delivery
// happens in the job queue (deliver-message.ts), never in the request.
import { randomBytes } from "node:crypto";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { now } from "@/server/clock";
import { db, type Executor } from "@/server/db/client";
import { idempotencyKeys, messageEvents, messages } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { newId } from "@/server/ids";
import { enqueue } from "@/server/jobs/enqueue";
import { queues } from "@/server/jobs/queues";
import { sha256Hex } from "@/server/security/crypto";
import type { SendingPrincipal } from "@/server/http/route";
import type { SendMessageInput } from "@/shared/schemas/messages";
import { messageDetailView } from "./message-view";
import { chargeOneMessage } from "./quota";
import { sendingDomainOf } from "./sending-domain-of";

export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

type SendRequest = { input: SendMessageInput; idempotencyKey: string | null };

async function lockAccountSending(tx: Executor, accountId: string) {
  // Serialises sends of one account: the quota count and the idempotency check see every earlier send.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`send:${accountId}`}, 0))`);
}

async function replayOf(tx: Executor, accountId: string, key: string, requestHash: string) {
  const [existing] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, key), gt(idempotencyKeys.createdAt, new Date(now().getTime() - IDEMPOTENCY_WINDOW_MS))))
    .limit(1);
  if (!existing) return null;
  if (existing.requestHash !== requestHash) {
    throw new AppError("idempotency_conflict", "This Idempotency-Key was used with a different request in the last 24 hours.");
  }
  const [message] = await tx.select().from(messages).where(eq(messages.id, existing.messageId)).limit(1);
  const events = await tx.select().from(messageEvents).where(eq(messageEvents.messageId, existing.messageId)).orderBy(asc(messageEvents.createdAt));
  return messageDetailView(message!, events);
}

export async function sendMessage(principal: SendingPrincipal, { input, idempotencyKey }: SendRequest) {
  const requestHash = sha256Hex(JSON.stringify(input));
  return db().transaction(async (tx) => {
    await lockAccountSending(tx, principal.accountId);
    if (idempotencyKey) {
      const replay = await replayOf(tx, principal.accountId, idempotencyKey, requestHash);
      if (replay) return { message: replay, replayed: true };
    }
    const domain = await sendingDomainOf(principal.accountId, input.from, principal.apiKey, tx);
    const id = newId("msg");
    const paidWith = await chargeOneMessage(tx, principal.accountId, id);
    const [row] = await tx
      .insert(messages)
      .values({
        id,
        accountId: principal.accountId,
        apiKeyId: principal.apiKey?.id ?? null,
        domainId: domain.id,
        fromDomain: domain.name,
        from: input.from,
        to: input.to,
        cc: input.cc ?? [],
        bcc: input.bcc ?? [],
        replyTo: input.replyTo ?? [],
        subject: input.subject,
        html: input.html ?? null,
        text: input.text ?? null,
        headers: input.headers ?? {},
        tags: input.tags ?? [],
        trackOpens: input.trackOpens,
        trackClicks: input.trackClicks,
        messageIdHeader: `<${randomBytes(16).toString("hex")}@${domain.name}>`,
        paidWithCredit: paidWith === "credit",
      })
      .returning();
    const [queued] = await tx.insert(messageEvents).values({ id: newId("mev"), messageId: id, type: "queued", detail: {} }).returning();
    if (idempotencyKey) {
      // An older use of the key (past 24 hours) is replaced.
      await tx
        .insert(idempotencyKeys)
        .values({ accountId: principal.accountId, key: idempotencyKey, requestHash, messageId: id })
        .onConflictDoUpdate({ target: [idempotencyKeys.accountId, idempotencyKeys.key], set: { requestHash, messageId: id, createdAt: now() } });
    }
    await enqueue(queues.deliverMessage, { messageId: id }, tx);
    return { message: messageDetailView(row!, [queued!]), replayed: false };
  });
}
