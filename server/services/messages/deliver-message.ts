// The delivery jobs of a batch of messages: load their stored wire forms and
// envelopes (one query for the batch, one for the accounts' relays), then for
// each message on its own: sign it (DKIM, once), put the copies of recipients
// hosted here straight into their mailboxes (hand-off-to-hosted-mailboxes.ts),
// hand the others to the account's default active relay or the service's
// route (smart host, Postfix) over a pooled connection, and record the
// outcome (settle-delivery.ts).
//
// Each recipient gets a transaction of its own, with a return path (VERP,
// verp.ts) naming the message and that recipient, so bounces and complaints
// that come back to the MX name their message and recipient, and one
// recipient cannot report on another (docs/bounces.md, "Return path (VERP)").
//
// Per recipient: accepted → `sent`; refused with a 5xx → a hard bounce for
// that recipient only, recorded by recordBounce (its event, and the address
// joins the suppression list: docs/bounces.md); refused with a 4xx (or the whole hand-off
// failing for a temporary reason) → `delivery_delayed`, and the job is
// retried with backoff for the recipients still pending. A 5xx for the
// message as a whole (at MAIL FROM or DATA) bounces every pending recipient.
// After the last attempt the pending recipients fail.
//
// Each recipient's outcome (sent, bounced, deferred, or expired once the
// attempts ran out) is written with the message's (settle-delivery.ts); the
// delivery reports that come back later take it further (docs/delivery.md).
//
// A crash after the hand-off but before the outcome is written leaves the
// job to be retried: that message may go out twice, with the same
// Message-ID (its stored form does not change). Nothing is lost.
import { eq, inArray, sql } from "drizzle-orm";
import { db } from "@/server/db/client";
import { messageContents, messages, type MessageStatus } from "@/server/db/schema";
import type { HandOff, RawMessage } from "@/server/outbound/message";
import { env } from "@/server/env";
import { logger } from "@/server/logger";
import { handOffOnRoute } from "@/server/outbound/hand-off-on-route";
import { routeOf, viaOf } from "@/server/outbound/routes";
import type { DeliveredVia } from "@/shared/schemas/messages";
import type { BounceInput } from "@/server/services/bounces/record-bounce";
import {
  findDefaultRelaysForSending,
  type RelayForSending,
  type UnusableRelay,
} from "@/server/services/relays/find-default-relay-for-sending";
import { resolveRecipient } from "@/server/services/mailboxes/resolve-recipient";
import { buildMessage } from "./build-message";
import { signMessage } from "./dkim-signer";
import { forgetHostedDeliveries, handOffToHostedMailboxes, type HostedDelivery } from "./hand-off-to-hosted-mailboxes";
import { type DeliveryEvent, deliveryEvent as event, type HandOffOutcome, settleDelivery as settle } from "./settle-delivery";
import { verpAddress } from "./verp";

/** Tries per message, the first included; the queue's retry limit matches. */
export const DELIVERY_ATTEMPTS = 6;

export type DeliveryOutcome = "done" | "retry";

type DeliveryError = Error & { responseCode?: number; response?: string };

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim().slice(0, 300);
const describe = (error: DeliveryError) => oneLine(error.response ?? error.message);

function loadForDelivery(messageIds: string[]) {
  return db()
    .select({
      id: messages.id,
      accountId: messages.accountId,
      domainId: messages.domainId,
      fromDomain: messages.fromDomain,
      status: messages.status,
      attempts: messages.attempts,
      sentAt: messages.sentAt,
      raw: messageContents.raw,
      envelopeFrom: messageContents.envelopeFrom,
      envelopeTo: messageContents.envelopeTo,
    })
    .from(messages)
    .leftJoin(messageContents, eq(messageContents.messageId, messages.id))
    .where(inArray(messages.id, messageIds));
}

type LoadedMessage = Awaited<ReturnType<typeof loadForDelivery>>[number];
/** A message accepted before wire forms were stored: built now from its fields, the same way. */
async function legacyWireForm(messageId: string): Promise<RawMessage> {
  const [row] = await db()
    .select()
    .from(messages)
    .leftJoin(messageContents, eq(messageContents.messageId, messages.id))
    .where(eq(messages.id, messageId));
  const message = row!.messages;
  const built = await buildMessage(
    {
      from: message.from,
      to: message.to,
      cc: message.cc,
      bcc: message.bcc,
      replyTo: message.replyTo,
      subject: message.subject,
      html: row!.message_contents?.html ?? undefined,
      text: row!.message_contents?.text ?? undefined,
      headers: message.headers,
      tags: message.tags,
      trackOpens: message.trackOpens,
      trackClicks: message.trackClicks,
    },
    { id: message.id, messageIdHeader: message.messageIdHeader, date: message.createdAt },
  );
  return { raw: built.raw, envelope: built.envelope };
}

/** A scheduled message becomes queued when its time comes, unless a cancel got there first. */
async function claimScheduled(messageId: string): Promise<boolean> {
  const claimed = await db().execute(
    sql`update messages set status = 'queued' where id = ${messageId} and status = 'scheduled' returning id`,
  );
  return claimed.rows.length > 0;
}

/**
 * One hand-off per recipient, each with its own return path, merged into one
 * outcome, on the recipient's route (server/outbound/routes.ts): a hosted
 * mailbox of this service goes straight into our mail store
 * (hand-off-to-hosted-mailboxes.ts) whatever the route of the others. A
 * recipient whose hand-off throws is refused with that error's code (none:
 * temporary); when every one of them throws without a 5xx (the next hop is
 * down), the first error is thrown, as for a single hand-off.
 */
async function handOffEach(
  relay: RelayForSending | UnusableRelay | undefined,
  { raw, signingDomain }: { raw: Buffer; signingDomain: string | null },
  row: LoadedMessage,
  recipients: string[],
): Promise<{ via: DeliveredVia; result: HandOff; hosted: HostedDelivery[]; queueIds: Map<string, string> }> {
  // Hosted mailboxes only: the service's own route carried the message.
  let via: DeliveredVia = "mailbox";
  const result: HandOff = { accepted: [], refused: [] };
  const hosted: HostedDelivery[] = [];
  const queueIds = new Map<string, string>();
  const errors: DeliveryError[] = [];
  let outside = 0;
  for (const recipient of recipients) {
    const from = verpAddress(row, recipient);
    const route = routeOf({ mailboxes: await resolveRecipient(recipient), relay }, env());
    if (route.name === "mailbox") {
      const copy = await handOffToHostedMailboxes({ messageId: row.id, raw, signingDomain, from, recipient, mailboxes: route.mailboxes });
      if ("delivered" in copy) hosted.push(copy.delivered);
      else result.refused.push(copy.refused);
      continue;
    }
    outside += 1;
    if (relay) via = "relay";
    try {
      const sent = await handOffOnRoute(route, { raw, envelope: { from, to: [recipient] } }, row.id);
      via = viaOf(route);
      result.accepted.push(...sent.accepted);
      result.refused.push(...sent.refused);
      if (sent.queueId) queueIds.set(recipient, sent.queueId);
    } catch (caught) {
      const error = caught as DeliveryError;
      if (recipients.length === 1) throw error;
      errors.push(error);
      result.refused.push({
        recipient,
        code: typeof error.responseCode === "number" ? error.responseCode : null,
        response: describe(error),
      });
    }
  }
  const permanent = errors.some((error) => typeof error.responseCode === "number" && error.responseCode >= 500);
  if (outside === recipients.length && errors.length === recipients.length && !permanent) throw errors[0];
  return { via, result, hosted, queueIds };
}

/**
 * Delivers a batch; each message settles on its own, and its outcome (or the
 * error that will retry it alone) is at its index.
 */
export async function deliverMessages(messageIds: string[]): Promise<PromiseSettledResult<DeliveryOutcome>[]> {
  const rows = new Map((await loadForDelivery(messageIds)).map((row) => [row.id, row]));
  const relays = await findDefaultRelaysForSending([...new Set([...rows.values()].map((row) => row.accountId))]);
  return Promise.allSettled(
    messageIds.map((messageId) => {
      const row = rows.get(messageId);
      // Gone with its account: nothing to deliver.
      return row ? deliverLoaded(row, relays.get(row.accountId)) : Promise.resolve<DeliveryOutcome>("done");
    }),
  );
}

async function deliverLoaded(row: LoadedMessage, relay: RelayForSending | UnusableRelay | undefined): Promise<DeliveryOutcome> {
  const messageId = row.id;
  // Canceled, or already settled by an earlier run of this job.
  if (row.status === "scheduled" && !(await claimScheduled(messageId))) return "done";
  if (row.status !== "queued" && row.status !== "scheduled") return "done";

  const attempt = row.attempts + 1;
  const last = attempt >= DELIVERY_ATTEMPTS;
  const wire =
    row.raw && row.envelopeTo?.length
      ? { raw: row.raw, envelope: { from: row.envelopeFrom!, to: row.envelopeTo } }
      : await legacyWireForm(messageId);
  const pending = wire.envelope.to;
  // Every copy leaves with its own return path; the stored envelope keeps the sender the customer gave.
  let via: DeliveredVia | null = null;
  let signed = false;
  let result: HandOff;
  let hosted: HostedDelivery[] = [];
  let queueIds = new Map<string, string>();
  try {
    const signature = await signMessage(wire.raw, row.domainId, row.fromDomain);
    signed = signature.signed;
    const sent = await handOffEach(relay, signature, row, pending);
    via = sent.via;
    result = sent.result;
    hosted = sent.hosted;
    queueIds = sent.queueIds;
  } catch (caught) {
    const error = caught as DeliveryError;
    const diagnostic = describe(error);
    if (typeof error.responseCode === "number" && error.responseCode >= 500) {
      // The message itself was refused: every pending recipient bounces.
      result = { accepted: [], refused: pending.map((recipient) => ({ recipient, code: error.responseCode!, response: diagnostic })) };
    } else if (last) {
      await settle(messageId, {
        status: row.sentAt ? "sent" : "failed",
        lastError: diagnostic,
        via: null,
        sent: false,
        pending: null,
        events: [event("failed", { reason: diagnostic, attempt, recipients: pending })],
        // Our own retries ran out: the recipients' copies expired here.
        recipients: pending.map((email) => ({ email, status: "expired", diagnostic })),
      });
      logger().warn({ messageId, attempt, reason: diagnostic }, "message failed");
      return "done";
    } else {
      await settle(messageId, {
        status: "queued",
        lastError: diagnostic,
        via: null,
        sent: false,
        pending: null,
        events: [event("delivery_delayed", { diagnostic, attempt, recipients: pending })],
        recipients: pending.map((email) => ({ email, status: "deferred", diagnostic })),
      });
      return "retry";
    }
  }

  const hard = result.refused.filter((entry) => entry.code !== null && entry.code >= 500);
  const soft = result.refused.filter((entry) => entry.code === null || entry.code < 500);
  const events: DeliveryEvent[] = [];
  if (result.accepted.length > 0) events.push(event("sent", { via, signed, recipients: result.accepted }));
  if (hosted.length > 0) {
    events.push(event("sent", { via: "mailbox", signed, recipients: hosted.map((copy) => copy.recipient) }));
    for (const copy of hosted) {
      events.push(
        event("delivered", {
          recipient: copy.recipient.toLowerCase(),
          remoteMta: copy.remoteMta,
          tls: null,
          diagnostic: copy.diagnostic,
          source: "lmtp",
        }),
      );
    }
  }
  const bounces: BounceInput[] = hard.map((refusal) => ({
    messageId,
    recipient: refusal.recipient,
    bounceType: "hard",
    diagnostic: oneLine(`${refusal.code} ${refusal.response}`),
    source: "handoff",
  }));
  const sentNow = result.accepted.length > 0 || hosted.length > 0;
  const anyAccepted = sentNow || row.sentAt !== null;
  const lastError = [...hard, ...soft].map((entry) => oneLine(`${entry.recipient}: ${entry.response}`)).join("; ") || null;
  const outcomes = (softStatus: "deferred" | "expired"): HandOffOutcome[] => [
    ...result.accepted.map((email) => ({ email, status: "sent" as const, diagnostic: null, queueId: queueIds.get(email) ?? null })),
    ...hosted.map((copy) => ({
      email: copy.recipient,
      status: "delivered" as const,
      diagnostic: copy.diagnostic,
      remoteMta: copy.remoteMta,
    })),
    ...hard.map((entry) => ({
      email: entry.recipient,
      status: "bounced" as const,
      diagnostic: oneLine(`${entry.code} ${entry.response}`),
    })),
    ...soft.map((entry) => ({ email: entry.recipient, status: softStatus, diagnostic: oneLine(entry.response) })),
  ];
  if (soft.length > 0 && !last) {
    events.push(
      event("delivery_delayed", { attempt, recipients: soft.map((entry) => entry.recipient), diagnostic: oneLine(soft[0]!.response) }),
    );
    await settle(messageId, {
      status: "queued",
      lastError,
      via,
      sent: sentNow,
      pending: soft.map((entry) => entry.recipient),
      events,
      bounces,
      recipients: outcomes("deferred"),
    });
    return "retry";
  }
  if (soft.length > 0)
    events.push(event("failed", { attempt, recipients: soft.map((entry) => entry.recipient), reason: oneLine(soft[0]!.response) }));
  const status: MessageStatus = anyAccepted ? "sent" : soft.length > 0 ? "failed" : "bounced";
  await settle(messageId, {
    status,
    lastError: status === "sent" && hard.length === 0 ? null : lastError,
    via,
    sent: sentNow,
    pending: null,
    events,
    bounces,
    recipients: outcomes("expired"),
  });
  if (hosted.length > 0) await forgetHostedDeliveries(messageId);
  logger().debug({ messageId, via, status }, "message handed off");
  return "done";
}
