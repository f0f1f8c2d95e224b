// Each recipient's copy of a message (message_recipients, docs/delivery.md,
// "Each recipient's fate"): how a new outcome may replace the last one, and
// when the whole message counts as delivered.
import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "@/server/db/client";
import type { RecipientStatus, RecipientTls } from "@/server/db/schema";

/**
 * The statuses each outcome may replace. A delivery report never undoes a
 * final outcome, except that a bounce after a delivery counts (a server that
 * took the message may bounce it later); a delay or a hand-off never follows
 * a final outcome.
 */
/** The outcomes that are not final yet: a hand-off result (settle-delivery.ts) replaces only these. */
export const OPEN_OUTCOMES: RecipientStatus[] = ["queued", "sent", "deferred"];

const replaces: Record<Exclude<RecipientStatus, "queued" | "suppressed">, RecipientStatus[]> = {
  sent: OPEN_OUTCOMES,
  // A second report of the same delay (Postfix's log, then its delay report) records nothing.
  deferred: ["queued", "sent"],
  delivered: OPEN_OUTCOMES,
  expired: OPEN_OUTCOMES,
  bounced: [...OPEN_OUTCOMES, "delivered"],
};

export type RecipientOutcome = {
  recipient: string;
  status: keyof typeof replaces;
  diagnostic?: string | null;
  remoteMta?: string | null;
  tls?: RecipientTls | null;
  /** Our Postfix's queue ID for the copy the outcome is about (record-postfix-log.ts). */
  queueId?: string | null;
};

/**
 * Writes one recipient's outcome; answers the recipient as it now stands, or
 * null when nothing changed (the message is unknown, or the recipient already
 * has an outcome this one may not replace: a replayed report). A report's
 * Remote-MTA names the host only: the same host as Postfix's log already
 * recorded with its address (`host[ip]:port`, record-postfix-log.ts)
 * keeps the fuller name.
 */
export async function recordRecipientOutcome(
  tx: Executor,
  messageId: string,
  outcome: RecipientOutcome,
): Promise<{ remoteMta: string | null; tls: RecipientTls | null } | null> {
  const result = await tx.execute<{ remoteMta: string | null; tls: RecipientTls | null }>(sql`
    insert into message_recipients (message_id, email, status, remote_mta, diagnostic, tls, queue_id)
    select id, ${outcome.recipient.toLowerCase()}, ${outcome.status}, ${outcome.remoteMta ?? null}, ${outcome.diagnostic ?? null},
           ${outcome.tls ? JSON.stringify(outcome.tls) : null}::jsonb, ${outcome.queueId ?? null}
      from messages where id = ${messageId}
    on conflict (message_id, email) do update
       set status = excluded.status,
           remote_mta = case when starts_with(message_recipients.remote_mta, excluded.remote_mta || '[') then message_recipients.remote_mta
                             else coalesce(excluded.remote_mta, message_recipients.remote_mta) end,
           diagnostic = coalesce(excluded.diagnostic, message_recipients.diagnostic),
           tls = coalesce(excluded.tls, message_recipients.tls),
           queue_id = coalesce(excluded.queue_id, message_recipients.queue_id),
           updated_at = clock_timestamp()
     where message_recipients.status in (select jsonb_array_elements_text(${JSON.stringify(replaces[outcome.status])}::jsonb))
    returning remote_mta as "remoteMta", tls`);
  return result.rows[0] ?? null;
}

/**
 * True when every recipient the message was handed to has been delivered:
 * each address of its `sent` events (and `alsoSent`, handed off in the
 * statement that asks) has a `delivered` outcome, and no recipient has
 * another one. `alsoDelivered` are delivered by the statement that asks (a
 * hosted mailbox took them), which its own snapshot cannot see yet.
 */
export const everyRecipientDelivered = (messageId: string | SQL, alsoSent: string[] = [], alsoDelivered: string[] = []) => {
  const delivered = sql`(select lower(address) from jsonb_array_elements_text(${JSON.stringify(alsoDelivered)}::jsonb) as now_delivered(address))`;
  return sql`(
  not exists (select 1 from message_recipients where message_id = ${messageId} and status <> 'delivered' and email not in ${delivered})
  and not exists (
    select 1 from (
      select lower(recipient.address) as address
        from message_events sent, jsonb_array_elements_text(sent.detail->'recipients') as recipient(address)
       where sent.message_id = ${messageId} and sent.type = 'sent'
      union
      select lower(address) from jsonb_array_elements_text(${JSON.stringify(alsoSent)}::jsonb) as extra(address)
    ) handed
     where handed.address not in ${delivered}
       and not exists (
       select 1 from message_recipients delivered
        where delivered.message_id = ${messageId} and delivered.email = handed.address and delivered.status = 'delivered')))`;
};

/**
 * A `sent` message becomes `delivered` when every recipient is; a
 * `delivered` one goes back to `sent` when a recipient bounces after all.
 */
export async function settleDeliveredStatus(tx: Executor, messageId: string) {
  await tx.execute(sql`
    update messages set status = case when ${everyRecipientDelivered(messageId)} then 'delivered' else 'sent' end
     where id = ${messageId} and status in ('sent', 'delivered')`);
}
