// What one attempt's hand-off means for the message and each recipient
// (docs/delivery.md, "Each recipient's fate"; docs/bounces.md): a pure
// function from what the next hops answered to what is written and whether
// the job retries.
//
// Per recipient: accepted → `sent`; taken by a hosted mailbox → `delivered`;
// refused with a 5xx → a hard bounce for that recipient only (its event, and
// the address joins the suppression list); refused with a 4xx (or the whole
// hand-off failing for a temporary reason) → `delivery_delayed`, and the job
// is retried with backoff for the recipients still pending. A 5xx for the
// message as a whole (at MAIL FROM or DATA) bounces every pending recipient.
// After the last attempt the pending recipients fail: their copies expired
// here.
import type { MessageStatus } from "@/server/db/schema";
import type { HandOff, RecipientRefusal } from "@/server/outbound/message";
import type { BounceInput } from "@/server/services/bounces/record-bounce";
import type { DeliveredVia } from "@/shared/schemas/messages";
import { describe, oneLine } from "./diagnostics";
import type { HostedDelivery } from "./hosted-route";
import { type DeliveryEvent, deliveryEvent as event, type HandOffOutcome, type Settlement } from "./settle-delivery";

export type DeliveryOutcome = "done" | "retry";

export type DeliveryError = Error & { responseCode?: number; response?: string };

/** What the hand-off of one attempt came to: each recipient's answer, or the error that failed it as a whole. */
export type HandedOff = { signed: boolean } & (
  | { via: DeliveredVia; result: HandOff; hosted: HostedDelivery[]; queueIds: Map<string, string> }
  | { error: DeliveryError }
);

export type Classified = {
  settlement: Settlement;
  outcome: DeliveryOutcome;
  /** The hosted copies' notes in the delivery log can go: the job is done with them. */
  forgetHosted: boolean;
  log: { level: "warn" | "debug"; detail: Record<string, unknown>; message: string } | null;
};

type Attempt = {
  /** The recipients this attempt tried. */
  pending: string[];
  /** This attempt's number, the first being 1. */
  attempt: number;
  /** Whether it is the last the message gets. */
  last: boolean;
  /** When a next hop first took the message, on an earlier attempt (null: none yet). */
  sentAt: Date | null;
};

const isPermanent = (error: DeliveryError) => typeof error.responseCode === "number" && error.responseCode >= 500;

/** The hand-off failed as a whole for a temporary reason: every pending recipient waits for the next attempt, or expires after the last. */
function classifyFailure(error: DeliveryError, { pending, attempt, last, sentAt }: Attempt): Classified {
  const diagnostic = describe(error);
  if (last) {
    return {
      settlement: {
        status: sentAt ? "sent" : "failed",
        lastError: diagnostic,
        via: null,
        sent: false,
        pending: null,
        events: [event("failed", { reason: diagnostic, attempt, recipients: pending })],
        // Our own retries ran out: the recipients' copies expired here.
        recipients: pending.map((email) => ({ email, status: "expired", diagnostic })),
      },
      outcome: "done",
      forgetHosted: false,
      log: { level: "warn", detail: { attempt, reason: diagnostic }, message: "message failed" },
    };
  }
  return {
    settlement: {
      status: "queued",
      lastError: diagnostic,
      via: null,
      sent: false,
      pending: null,
      events: [event("delivery_delayed", { diagnostic, attempt, recipients: pending })],
      recipients: pending.map((email) => ({ email, status: "deferred", diagnostic })),
    },
    outcome: "retry",
    forgetHosted: false,
    log: null,
  };
}

type Answers = { via: DeliveredVia | null; result: HandOff; hosted: HostedDelivery[]; queueIds: Map<string, string> };

/** Each recipient's answer; a 5xx for the message itself (at MAIL FROM or DATA) is every pending recipient's. */
function answersOf(handedOff: HandedOff, pending: string[]): Answers {
  if (!("error" in handedOff)) return handedOff;
  const { error } = handedOff;
  const refused = pending.map((recipient) => ({ recipient, code: error.responseCode!, response: describe(error) }));
  return { via: null, result: { accepted: [], refused }, hosted: [], queueIds: new Map() };
}

/** `sent` for the recipients a next hop took, and `sent` then `delivered` for those a hosted mailbox took. */
function handOffEvents({ via, result, hosted }: Answers, signed: boolean): DeliveryEvent[] {
  const events: DeliveryEvent[] = [];
  if (result.accepted.length > 0) events.push(event("sent", { via, signed, recipients: result.accepted }));
  if (hosted.length === 0) return events;
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
  return events;
}

type Refusals = { hard: RecipientRefusal[]; soft: RecipientRefusal[] };

/** What this attempt did for each recipient; the softly refused are `deferred`, or `expired` after the last attempt. */
function recipientOutcomes(
  { result, hosted, queueIds }: Answers,
  { hard, soft }: Refusals,
  softStatus: "deferred" | "expired",
): HandOffOutcome[] {
  return [
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
}

export function classifyHandOff(messageId: string, handedOff: HandedOff, current: Attempt): Classified {
  if ("error" in handedOff && !isPermanent(handedOff.error)) return classifyFailure(handedOff.error, current);
  const { attempt, last } = current;
  const answers = answersOf(handedOff, current.pending);
  const { via, result, hosted } = answers;
  const hard = result.refused.filter((entry) => entry.code !== null && entry.code >= 500);
  const soft = result.refused.filter((entry) => entry.code === null || entry.code < 500);
  const events = handOffEvents(answers, handedOff.signed);
  const bounces: BounceInput[] = hard.map((refusal) => ({
    messageId,
    recipient: refusal.recipient,
    bounceType: "hard",
    diagnostic: oneLine(`${refusal.code} ${refusal.response}`),
    source: "handoff",
  }));
  const sentNow = result.accepted.length > 0 || hosted.length > 0;
  const lastError = [...hard, ...soft].map((entry) => oneLine(`${entry.recipient}: ${entry.response}`)).join("; ") || null;
  if (soft.length > 0 && !last) {
    const recipients = soft.map((entry) => entry.recipient);
    events.push(event("delivery_delayed", { attempt, recipients, diagnostic: oneLine(soft[0]!.response) }));
    return {
      settlement: {
        status: "queued",
        lastError,
        via,
        sent: sentNow,
        pending: recipients,
        events,
        bounces,
        recipients: recipientOutcomes(answers, { hard, soft }, "deferred"),
      },
      outcome: "retry",
      forgetHosted: false,
      log: null,
    };
  }
  if (soft.length > 0)
    events.push(event("failed", { attempt, recipients: soft.map((entry) => entry.recipient), reason: oneLine(soft[0]!.response) }));
  const status: MessageStatus = sentNow || current.sentAt !== null ? "sent" : soft.length > 0 ? "failed" : "bounced";
  return {
    settlement: {
      status,
      lastError: status === "sent" && hard.length === 0 ? null : lastError,
      via,
      sent: sentNow,
      pending: null,
      events,
      bounces,
      recipients: recipientOutcomes(answers, { hard, soft }, "expired"),
    },
    outcome: "done",
    forgetHosted: hosted.length > 0,
    log: { level: "debug", detail: { via, status }, message: "message handed off" },
  };
}
