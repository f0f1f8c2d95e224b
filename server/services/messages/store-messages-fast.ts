// The common send in one statement, so one round trip to the database and no
// transaction around it (docs/performance-sending.md): the messages, their
// contents, first events and delivery jobs are inserted and the quota charged
// by one statement with `with` clauses, which PostgreSQL applies whole or not
// at all. It applies only to the plain case: no Idempotency-Key, no
// recipient suppressed, a quota counter for the period that has room for
// every message. Otherwise the statement undoes itself (its last part
// divides by the number of counters charged, zero) and the caller takes the
// transaction of store-messages.ts, which handles every case.
import { sql } from "drizzle-orm";
import { db } from "@/server/db/client";
import { executeHot } from "@/server/db/prepared";
import { messageContents, messageEvents, messages } from "@/server/db/schema";
import { newId } from "@/server/ids";
import { jobInsertClauses } from "@/server/jobs/enqueue";
import { queues } from "@/server/jobs/queues";
import type { SendingPrincipal } from "@/server/services/auth/sending-principal";
import { type AccountPlan, getAccountPlan } from "@/server/services/billing/account-plan";
import { suppressionKey } from "@/server/services/suppressions/suppress-address";
import { newContentRow, newMessageRow } from "./new-message-rows";
import type { PreparedMessage, StoredMessages } from "./store-messages";

/** SQLSTATE of a division by zero: the statement's own signal that the plain case does not apply. */
const NOT_PLAIN = "22012";

const isNotPlain = (error: unknown): boolean => {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: unknown }).code === NOT_PLAIN) return true;
  }
  return false;
};

/** Stored and charged in one statement, or null when the send needs the transaction (nothing was written then). */
export async function storeMessagesFast(
  principal: SendingPrincipal,
  prepared: PreparedMessage[],
  knownPlan: AccountPlan | null,
): Promise<StoredMessages | null> {
  const jobs = await jobInsertClauses(
    queues.deliverMessage,
    prepared.map((message) => ({ data: { messageId: message.id }, ...(message.scheduledAt ? { startAfter: message.scheduledAt } : {}) })),
  );
  if (!jobs) return null;
  const plan = knownPlan ?? (await getAccountPlan(principal.accountId));
  const quota = plan.monthlyQuota ?? Number.MAX_SAFE_INTEGER;
  const rows = prepared.map((message) => newMessageRow(principal, message, message.scheduledAt ? "scheduled" : "queued"));
  const events = prepared.map((message) => ({
    id: newId("mev"),
    messageId: message.id,
    type: message.scheduledAt ? ("scheduled" as const) : ("queued" as const),
    detail: message.scheduledAt ? { scheduledAt: message.scheduledAt.toISOString() } : {},
  }));
  const recipients = [...new Set(prepared.flatMap((message) => message.envelope.to).map(suppressionKey))];
  const statement = sql`
    with suppressed as (
      select 1 from suppressions
       where account_id = ${principal.accountId} and email in (select jsonb_array_elements_text(${JSON.stringify(recipients)}::jsonb))
    ), charged as (
      update message_usage set used = used + ${prepared.length}
       where account_id = ${principal.accountId} and period_start = ${plan.period.start}
         and used + ${prepared.length} <= ${quota} and not exists (select 1 from suppressed)
      returning 1
    ), stored_messages as (${db().insert(messages).values(rows).getSQL()}
    ), stored_contents as (${db()
      .insert(messageContents)
      .values(prepared.map((message) => newContentRow(message, message.envelope.to)))
      .getSQL()}
    ), stored_events as (${db().insert(messageEvents).values(events).returning({ id: messageEvents.id, createdAt: messageEvents.createdAt }).getSQL()}
    ), ${jobs.clauses}
    select 1 / (select count(*)::int from charged) as plain,
           (select json_object_agg(id, created_at) from stored_events) as event_times,
           ${jobs.evaluate} as jobs_notified`;
  let eventTimes: Record<string, string>;
  try {
    // A single send has one text, prepared once per connection; a batch's text grows with its size, and parsing is a small part of it.
    const result = await executeHot<{ plain: number; event_times: Record<string, string> }>(
      db(),
      prepared.length === 1 ? "send-one" : null,
      statement,
    );
    eventTimes = result.rows[0]!.event_times;
  } catch (error) {
    if (isNotPlain(error)) return null;
    throw error;
  }
  const stored = new Map(
    events.map((event) => [
      event.messageId,
      [{ type: event.type, detail: event.detail as Record<string, unknown>, createdAt: new Date(eventTimes[event.id]!) }],
    ]),
  );
  return { stored: true, rows, events: stored };
}
