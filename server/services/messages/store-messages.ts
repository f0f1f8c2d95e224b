// Stores accepted messages, whatever their source (the REST API, a batch, or
// SMTP submission), in one transaction: claim the Idempotency-Key, insert the
// rows, their contents and first events, queue their delivery jobs, and
// charge the quota last (quota.ts), so the counter's row lock is held only
// up to the commit. A job exists exactly when its message is to be delivered.
//
// Suppressed recipients (docs/bounces.md), and the recipients of a topic
// message who unsubscribed from its topic (docs/consent.md), are looked up in
// one query each for the whole send and leave the envelope, each with a
// `suppressed` event; a message with no recipient left is stored as
// `suppressed`: no job, no charge.
//
// The plain send (no key, nothing suppressed, room in the quota) is stored
// by one statement instead (store-messages-fast.ts); this transaction is the
// path of every other case.
import { assertAccountMayChange } from "@/server/services/account/account-standing";
import { and, eq, sql } from "drizzle-orm";
import { db, type Executor } from "@/server/db/client";
import {
  idempotencyKeys,
  messageContents,
  messageEvents,
  type MessageEventType,
  messages,
  type MessageSource,
  type StoredAttachment,
} from "@/server/db/schema";
import { newId } from "@/server/ids";
import { enqueueMany, jobSender } from "@/server/jobs/enqueue";
import { queues } from "@/server/jobs/queues";
import type { SendingPrincipal } from "@/server/services/auth/sending-principal";
import { now } from "@/server/clock";
import { findSuppressed } from "@/server/services/suppressions/find-suppressed";
import { findUnsubscribed, unsubscribedKey } from "@/server/services/topics/subscriptions";
import { suppressionKey } from "@/server/services/suppressions/suppress-address";
import { newContentRow, newMessageRow } from "./new-message-rows";
import { chargeMessages, countsAgainstQuota } from "./quota";
import type { AccountPlan } from "@/server/services/billing/account-plan";
import { storeMessagesFast } from "./store-messages-fast";

export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** A message ready to store: identity, what lists show, and the wire form. */
export type PreparedMessage = {
  id: string;
  messageIdHeader: string;
  createdAt: Date;
  /** The account's verified domain; id null for the service's test sender. */
  domain: { id: string | null; name: string };
  source: MessageSource;
  from: string;
  to: string[];
  cc: string[];
  bcc: string[];
  replyTo: string[];
  subject: string;
  headers: Record<string, string>;
  tags: { name: string; value: string }[];
  trackOpens: boolean;
  trackClicks: boolean;
  scheduledAt: Date | null;
  /** The account's live topic it is about (docs/consent.md); null: transactional. */
  topicId: string | null;
  /** The stored template version it was rendered from (docs/templates.md); null: inline content. */
  template: { id: string; version: number } | null;
  /** The bodies as given (the raw form has tracking applied), for the detail view. */
  html: string | null;
  text: string | null;
  attachments: StoredAttachment[];
  /** The wire form, when built at acceptance (null: built at delivery, wire-form.ts). */
  raw: Buffer | null;
  envelope: { from: string; to: string[] };
};

export type IdempotencyClaim = { key: string; requestHash: string; kind: "single" | "batch" };

type StoredEvent = { type: MessageEventType; detail: Record<string, unknown>; createdAt: Date };

export type StoredMessages =
  | { stored: true; rows: (typeof messages.$inferSelect)[]; events: Map<string, StoredEvent[]> }
  | { stored: false; existing: typeof idempotencyKeys.$inferSelect };

/** Claims the key for this request; when a live one exists (committed by a concurrent request too), answers it instead. */
async function claimKey(tx: Executor, accountId: string, claim: IdempotencyClaim, messageIds: string[]) {
  const cutoff = new Date(now().getTime() - IDEMPOTENCY_WINDOW_MS);
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ accountId, key: claim.key, requestHash: claim.requestHash, kind: claim.kind, messageIds, createdAt: now() })
    .onConflictDoUpdate({
      target: [idempotencyKeys.accountId, idempotencyKeys.key],
      // An older use of the key (past 24 hours) is replaced.
      set: { requestHash: claim.requestHash, kind: claim.kind, messageIds, createdAt: now() },
      setWhere: sql`${idempotencyKeys.createdAt} < ${cutoff}`,
    })
    .returning({ key: idempotencyKeys.key });
  if (claimed.length > 0) return null;
  const [existing] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, claim.key)))
    .limit(1);
  return existing!;
}

/**
 * Each message's recipients split into those to deliver and those dropped:
 * suppressed addresses, and for a topic message the addresses that
 * unsubscribed from its topic (or never opted in to an `opt_in` one).
 */
function splitRecipients(prepared: PreparedMessage[], suppressed: Set<string>, unsubscribed: Set<string>) {
  return new Map(
    prepared.map((message) => {
      const kept: string[] = [];
      const dropped: DroppedRecipient[] = [];
      for (const address of message.envelope.to) {
        if (suppressed.has(suppressionKey(address))) dropped.push({ recipient: address });
        else if (message.topicId && unsubscribed.has(unsubscribedKey(message.topicId, address)))
          dropped.push({ recipient: address, reason: "unsubscribed" });
        else kept.push(address);
      }
      return [message.id, { kept, dropped }];
    }),
  );
}

/** A recipient left out at acceptance; `reason` is absent for the suppression list. */
type DroppedRecipient = { recipient: string; reason?: "unsubscribed" };

function firstEvents(message: PreparedMessage, dropped: DroppedRecipient[], deliverable: boolean) {
  const events: { id: string; messageId: string; type: MessageEventType; detail: Record<string, unknown> }[] = dropped.map((detail) => ({
    id: newId("mev"),
    messageId: message.id,
    type: "suppressed",
    detail,
  }));
  if (deliverable)
    events.push({
      id: newId("mev"),
      messageId: message.id,
      type: message.scheduledAt ? "scheduled" : "queued",
      detail: message.scheduledAt ? { scheduledAt: message.scheduledAt.toISOString() } : {},
    });
  return events;
}

export async function storeMessages(
  principal: SendingPrincipal,
  prepared: PreparedMessage[],
  claim: IdempotencyClaim | null,
  /** The account's plan, when the caller read it already (with the sending domain); the transaction reads its own. */
  plan: AccountPlan | null = null,
): Promise<StoredMessages> {
  // Every door that sends stores here: an account scheduled for deletion sends nothing, whichever door it used.
  assertAccountMayChange(principal.account);
  const ids = prepared.map((message) => message.id);
  // The job sender must be up before the transaction: starting it inside reads pg-boss's schema on a
  // second pooled connection, which on the embedded database (one session for every connection)
  // waits behind our own transaction until the pool's connection timeout. Processes that start the
  // sender at boot pay nothing; any other caller (a script, a test calling the service) would hang.
  await jobSender();
  // The plain case (no key, no topic, nothing suppressed, room in the quota) takes one statement; the rest this transaction.
  if (!claim && prepared.every((message) => countsAgainstQuota(message.source) && !message.topicId)) {
    const stored = await storeMessagesFast(principal, prepared, plan);
    if (stored) return stored;
  }
  return db().transaction(async (tx) => {
    if (claim) {
      const existing = await claimKey(tx, principal.accountId, claim, ids);
      if (existing) return { stored: false, existing };
    }
    const suppressed = await findSuppressed(
      tx,
      principal.accountId,
      prepared.flatMap((message) => message.envelope.to),
    );
    const unsubscribed = await findUnsubscribed(
      tx,
      principal.accountId,
      prepared.flatMap((message) => (message.topicId ? message.envelope.to.map((email) => ({ topicId: message.topicId!, email })) : [])),
    );
    const recipients = splitRecipients(prepared, suppressed, unsubscribed);
    const deliverable = prepared.filter((message) => recipients.get(message.id)!.kept.length > 0);
    const rows = await tx
      .insert(messages)
      .values(
        prepared.map((message) =>
          newMessageRow(
            principal,
            message,
            recipients.get(message.id)!.kept.length === 0 ? "suppressed" : message.scheduledAt ? "scheduled" : "queued",
          ),
        ),
      )
      .returning();
    await tx.insert(messageContents).values(prepared.map((message) => newContentRow(message, recipients.get(message.id)!.kept)));
    const inserted = await tx
      .insert(messageEvents)
      .values(prepared.flatMap((message) => firstEvents(message, recipients.get(message.id)!.dropped, deliverable.includes(message))))
      .returning({
        messageId: messageEvents.messageId,
        type: messageEvents.type,
        detail: messageEvents.detail,
        createdAt: messageEvents.createdAt,
      });
    const events = new Map<string, StoredEvent[]>(ids.map((id) => [id, []]));
    for (const { messageId, ...event } of inserted) events.get(messageId)!.push(event);
    if (deliverable.length > 0) {
      await enqueueMany(
        queues.deliverMessage,
        deliverable.map((message) => ({
          data: { messageId: message.id },
          ...(message.scheduledAt ? { startAfter: message.scheduledAt } : {}),
        })),
        tx,
      );
      const charged = deliverable.filter((message) => countsAgainstQuota(message.source));
      if (charged.length > 0)
        await chargeMessages(
          tx,
          principal.accountId,
          charged.map((message) => message.id),
        );
    }
    return { stored: true, rows, events };
  });
}
