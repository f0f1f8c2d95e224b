// Writes the outcome of one delivery attempt: the message's status, its
// stored envelope narrowed to the recipients still pending, each recipient's
// outcome (message_recipients), its events and any hard bounces at hand-off. Without bounces this is one statement (atomic on
// its own, one round trip); with them, one transaction.
import { sql } from "drizzle-orm";
import { db, type Executor } from "@/server/db/client";
import { executeHot } from "@/server/db/prepared";
import type { MessageEventType, MessageStatus } from "@/server/db/schema";
import { newId } from "@/server/ids";
import { type BounceInput, recordBounce } from "@/server/services/bounces/record-bounce";
import { everyRecipientDelivered, OPEN_OUTCOMES } from "@/server/services/messages/recipient-outcomes";

export type DeliveryEvent = { id: string; type: MessageEventType; detail: Record<string, unknown> };

export const deliveryEvent = (type: MessageEventType, detail: Record<string, unknown>): DeliveryEvent => ({
  id: newId("mev"),
  type,
  detail,
});

export type Settlement = {
  status: MessageStatus;
  lastError: string | null;
  via: string | null;
  sent: boolean;
  /** Recipients still to try (narrows the stored envelope), or null to leave it. */
  pending: string[] | null;
  events: DeliveryEvent[];
  /** Hard bounces at hand-off, recorded with the outcome. */
  bounces?: BounceInput[];
  /** What this attempt did for each recipient it tried. */
  recipients: HandOffOutcome[];
  /** Bytes of the form this attempt built (a message built at delivery has no size before), or null to leave it. */
  size?: number | null;
};

export type HandOffOutcome = {
  email: string;
  /** `delivered`: a hosted mailbox of this service took it (hosted-route.ts). */
  status: "sent" | "delivered" | "bounced" | "deferred" | "expired";
  diagnostic: string | null;
  remoteMta?: string | null;
  /** Our Postfix's queue ID for the copy it took (docs/delivery.md, "Delivery evidence"). */
  queueId?: string | null;
};

async function writeOutcome(executor: Executor, messageId: string, settlement: Settlement) {
  const events = settlement.events.map((event) => ({ id: event.id, type: event.type, detail: event.detail }));
  const emails = (status: HandOffOutcome["status"]) =>
    settlement.recipients.filter((recipient) => recipient.status === status).map((recipient) => recipient.email);
  // A delivery report may beat this write (Postfix is quick), and a hosted
  // mailbox took its copy already: a message whose recipients are all
  // delivered is `delivered` at once.
  const status =
    settlement.status === "sent" &&
    settlement.recipients.every((recipient) => recipient.status === "sent" || recipient.status === "delivered")
      ? sql`case when ${everyRecipientDelivered(messageId, emails("sent"), emails("delivered"))} then 'delivered' else 'sent' end`
      : sql`${settlement.status}`;
  const outcomes = settlement.recipients.map((recipient) => ({
    ...recipient,
    remoteMta: recipient.remoteMta ?? null,
    queueId: recipient.queueId ?? null,
  }));
  await executeHot(
    executor,
    "settle-delivery",
    sql`
    with changed as (
      update messages
         set status = ${status},
             attempts = attempts + 1,
             size = coalesce(${settlement.size ?? null}, size),
             last_error = ${settlement.lastError},
             delivered_via = coalesce(${settlement.via}, delivered_via),
             sent_at = case when ${settlement.sent} then coalesce(sent_at, now()) else sent_at end
       where id = ${messageId}
   returning id
    ), narrowed as (
      update message_contents set envelope_to = ${JSON.stringify(settlement.pending ?? [])}::jsonb
       where message_id = ${messageId} and ${settlement.pending !== null}
    ), outcomes as (
      insert into message_recipients (message_id, email, status, diagnostic, remote_mta, queue_id)
      select changed.id, lower(outcome.email), outcome.status, outcome.diagnostic, outcome."remoteMta", outcome."queueId"
        from changed, jsonb_to_recordset(${JSON.stringify(outcomes)}::jsonb)
             as outcome(email text, status text, diagnostic text, "remoteMta" text, "queueId" text)
      on conflict (message_id, email) do update
         set status = excluded.status, diagnostic = excluded.diagnostic,
             remote_mta = coalesce(excluded.remote_mta, message_recipients.remote_mta),
             queue_id = coalesce(excluded.queue_id, message_recipients.queue_id), updated_at = clock_timestamp()
       where message_recipients.status in (select jsonb_array_elements_text(${JSON.stringify(OPEN_OUTCOMES)}::jsonb))
         -- Postfix's log may have deferred this very copy before this write: that is later news than the hand-off.
         -- (coalesce: without queue IDs, as on a relay's route, the comparison is null and must not hold the write back.)
         and not coalesce(message_recipients.status = 'deferred' and message_recipients.queue_id = excluded.queue_id, false)
    )
    insert into message_events (id, message_id, type, detail)
    select event.id, changed.id, event.type, event.detail
      from changed, jsonb_to_recordset(${JSON.stringify(events)}::jsonb) as event(id text, type text, detail jsonb)
    -- A recipient's delivery is recorded once (its unique index), whoever writes it first.
    on conflict do nothing`,
  );
}

export async function settleDelivery(messageId: string, settlement: Settlement) {
  const bounces = settlement.bounces ?? [];
  if (bounces.length === 0) return writeOutcome(db(), messageId, settlement);
  await db().transaction(async (tx) => {
    await writeOutcome(tx, messageId, settlement);
    for (const bounce of bounces) await recordBounce(bounce, tx);
  });
}
