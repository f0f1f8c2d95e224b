// A bounce for one recipient of one message, from the hand-off (a 5xx from
// the next server) or from a DSN that came back later (docs/bounces.md,
// "Bounce and complaint rules"):
// - a `bounced` event with bounceType, recipient, diagnostic and source,
//   once per message, recipient and bounce type;
// - the message becomes `bounced` once every recipient it was handed to has
//   hard-bounced (a `sent` message with one recipient still delivered stays
//   `sent`; other statuses are left to the delivery job);
// - a hard bounce suppresses the address (reason hard_bounce); a soft bounce
//   suppresses it only when it is the account's third soft-bouncing message
//   to that address within 7 days (treated as a hard bounce).
import { sql } from "drizzle-orm";
import { db, type Executor } from "@/server/db/client";
import { suppressAddress } from "@/server/services/suppressions/suppress-address";
import { feedbackText, insertFeedbackEvent } from "./insert-feedback-event";

export type BounceType = "hard" | "soft";
/** handoff: refused while we handed it over; dsn: a delivery report came back; mta-log: our Postfix logged the refusal. */
export type BounceSource = "handoff" | "dsn" | "mta-log";

export type BounceInput = {
  messageId: string;
  recipient: string;
  bounceType: BounceType;
  /** The remote server's answer or the DSN's Diagnostic-Code / Status. */
  diagnostic: string;
  source: BounceSource;
  /** SPF/DKIM/DMARC/ARC results of the DSN that reported it (the MX's checks), kept in the event's detail. */
  authentication?: Record<string, string>;
};

/** recorded: false when the message is unknown or this bounce was already recorded (then nothing changed). */
export type FeedbackResult = { recorded: boolean; suppressed: boolean };

export const SOFT_BOUNCES_TO_SUPPRESS = 3;
export const SOFT_BOUNCE_WINDOW_DAYS = 7;

/** A `sent` message all of whose delivered recipients hard-bounced becomes `bounced`. */
async function settleStatus(tx: Executor, messageId: string) {
  await tx.execute(sql`
    update messages set status = 'bounced'
     where id = ${messageId} and status = 'sent'
       and not exists (
         select 1 from message_events sent, jsonb_array_elements_text(sent.detail->'recipients') as recipient(address)
          where sent.message_id = ${messageId} and sent.type = 'sent'
            and not exists (
              select 1 from message_events bounce
               where bounce.message_id = ${messageId} and bounce.type = 'bounced'
                 and bounce.detail->>'bounceType' = 'hard'
                 and lower(bounce.detail->>'recipient') = lower(recipient.address)))`);
}

/** Distinct messages of the account that soft-bounced at this address in the window. */
async function recentSoftBounces(tx: Executor, accountId: string, recipient: string): Promise<number> {
  const result = await tx.execute<{ count: string }>(sql`
    select count(distinct event.message_id) as count
      from message_events event join messages on messages.id = event.message_id
     where messages.account_id = ${accountId}
       and messages.created_at > now() - make_interval(days => ${SOFT_BOUNCE_WINDOW_DAYS + 3})
       and event.type = 'bounced' and event.detail->>'bounceType' = 'soft'
       and lower(event.detail->>'recipient') = ${recipient.toLowerCase()}
       and event.created_at > now() - make_interval(days => ${SOFT_BOUNCE_WINDOW_DAYS})`);
  return Number(result.rows[0]?.count ?? 0);
}

export async function recordBounce(input: BounceInput, tx: Executor = db()): Promise<FeedbackResult> {
  const recipient = input.recipient.trim();
  return tx.transaction(async (inner) => {
    const message = await insertFeedbackEvent(inner, input.messageId, "bounced", {
      bounceType: input.bounceType,
      recipient,
      diagnostic: feedbackText(input.diagnostic),
      source: input.source,
      ...(input.authentication ? { authentication: input.authentication } : {}),
    });
    if (!message) return { recorded: false, suppressed: false };
    const suppress =
      input.bounceType === "hard" || (await recentSoftBounces(inner, message.accountId, recipient)) >= SOFT_BOUNCES_TO_SUPPRESS;
    if (input.bounceType === "hard") await settleStatus(inner, input.messageId);
    if (suppress)
      await suppressAddress({ accountId: message.accountId, email: recipient, reason: "hard_bounce", messageId: input.messageId }, inner);
    return { recorded: true, suppressed: suppress };
  });
}
