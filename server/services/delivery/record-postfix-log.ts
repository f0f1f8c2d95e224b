// Each recipient's fate from the child Postfix's log (docs/delivery.md,
// "Each recipient's fate"): a batch of lines, read in order by the log's
// tail (server/outbound/postfix/log-file-tail.ts), is recorded in one
// transaction together with the position after it, so a restart neither
// loses a line nor applies one twice.
// - `status=sent` → the recipient `delivered`, with the server and the TLS of
//   the connection, a `delivered` event, the message `delivered` when every
//   recipient is (many at once: one statement for the batch);
// - `status=deferred` → `deferred` with the reply and the next attempt's
//   earliest time, a `delivery_delayed` event the first time;
// - `status=bounced` → the bounce rules (event, suppression), `bounced`;
// - `status=expired` (the message, after the queue lifetime) → each of its
//   recipients still open `expired`.
// A line names the copy by Postfix's queue ID. The delivery worker writes it
// on the recipient when Postfix answers the hand-off, but the log can be
// quicker: then the queue manager's line for the copy, a moment before,
// gave its envelope sender, whose VERP token names the message and, checked
// by its MAC, the recipient. A queue ID known neither way is not ours (a
// report to our own MX, a test hand-off) and is ignored.
import { sql } from "drizzle-orm";
import { db, type Executor } from "@/server/db/client";
import type { RecipientStatus } from "@/server/db/schema";
import { newId } from "@/server/ids";
import { type DeliveryAttempt, type PostfixLogEntry, postfixLogReader } from "@/server/outbound/postfix/delivery-log";
import type { LogPosition } from "@/server/outbound/postfix/log-file-tail";
import { type TlsPolicySources, withAppliedPolicy } from "@/server/outbound/postfix/tls-policy-applied";
import { recordDeliveryReport } from "@/server/services/bounces/record-delivery-report";
import { feedbackText } from "@/server/services/bounces/insert-feedback-event";
import { everyRecipientDelivered, OPEN_OUTCOMES } from "@/server/services/messages/recipient-outcomes";
import { verifyRecipientToken, verifyVerpToken, verpMessageId } from "@/server/services/messages/verp";

export type PostfixLogRecorder = {
  /** The log's key in postfix_log_positions. */
  log: string;
  /** Whether a recipient is one of our own return-path names (Postfix's reports to our MX). */
  ours: (recipient: string) => boolean;
  policies: TlsPolicySources;
  /** Postfix's retry delays, in seconds (minimal_backoff_time, maximal_backoff_time). */
  backoff: { minimal: number; maximal: number };
};

type Copy = { messageId: string; recipient: string; status: string; diagnostic: string | null };

/** Queue IDs whose envelope sender was seen, kept until the copy's fate is final (bounded: the database knows the rest). */
const MAX_SENDERS = 50_000;

/** Where the reader stopped last time. */
export async function storedLogPosition(log: string): Promise<LogPosition | null> {
  const result = await db().execute<{ inode: string; offset: string }>(
    sql`select inode, byte_offset as "offset" from postfix_log_positions where log = ${log}`,
  );
  const row = result.rows[0];
  return row ? { inode: Number(row.inode), offset: Number(row.offset) } : null;
}

/** The copies of these queue IDs the delivery worker recorded. */
async function copiesOf(tx: Executor, queueIds: string[]): Promise<Map<string, Copy[]>> {
  const copies = new Map<string, Copy[]>();
  if (queueIds.length === 0) return copies;
  const result = await tx.execute<Copy & { queueId: string }>(sql`
    select queue_id as "queueId", message_id as "messageId", email as recipient, status, diagnostic
      from message_recipients where queue_id in (select jsonb_array_elements_text(${JSON.stringify(queueIds)}::jsonb))`);
  for (const row of result.rows) copies.set(row.queueId, [...(copies.get(row.queueId) ?? []), row]);
  return copies;
}

/** The message a VERP envelope sender names for this recipient (its MAC checked), or null. */
function messageOfSender(sender: string | undefined, recipient: string): string | null {
  const local = sender?.slice(0, sender.lastIndexOf("@"));
  if (!local) return null;
  return verifyVerpToken(local) ?? (verifyRecipientToken(local, [recipient]) ? verpMessageId(local) : null);
}

type Delivered = {
  id: string;
  messageId: string;
  email: string;
  remoteMta: string | null;
  diagnostic: string;
  tls: unknown;
  queueId: string;
};

/** Every `delivered` of the batch in two statements: the recipients and their events, then their messages' status. */
async function recordDelivered(tx: Executor, delivered: Delivered[]) {
  if (delivered.length === 0) return;
  const changed = await tx.execute<{ messageId: string }>(sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(delivered)}::jsonb)
          as input(id text, "messageId" text, email text, "remoteMta" text, diagnostic text, tls jsonb, "queueId" text)
    ), changed as (
      insert into message_recipients (message_id, email, status, remote_mta, diagnostic, tls, queue_id)
      select input."messageId", input.email, 'delivered', input."remoteMta", input.diagnostic, input.tls, input."queueId"
        from input join messages on messages.id = input."messageId"
      on conflict (message_id, email) do update
         set status = 'delivered', remote_mta = excluded.remote_mta, diagnostic = excluded.diagnostic, tls = excluded.tls,
             queue_id = excluded.queue_id, updated_at = clock_timestamp()
       where message_recipients.status in ('queued', 'sent', 'deferred')
   returning message_id, email
    ), events as (
      insert into message_events (id, message_id, type, detail)
      select input.id, input."messageId", 'delivered',
             jsonb_build_object('recipient', input.email, 'remoteMta', input."remoteMta", 'tls', input.tls,
                                'diagnostic', input.diagnostic, 'source', 'mta-log')
        from changed join input on input."messageId" = changed.message_id and input.email = changed.email
      -- A recipient's delivery is recorded once (its unique index).
      on conflict do nothing
    )
    select distinct message_id as "messageId" from changed`);
  const ids = changed.rows.map((row) => row.messageId);
  if (ids.length === 0) return;
  await tx.execute(sql`
    update messages set status = case when ${everyRecipientDelivered(sql`messages.id`)} then 'delivered' else 'sent' end
     where id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)) and status in ('sent', 'delivered')`);
}

export function postfixLogRecorder(options: PostfixLogRecorder) {
  const read = postfixLogReader();
  const senders = new Map<string, string>();
  const remember = (queueId: string, sender: string) => {
    if (senders.size >= MAX_SENDERS) senders.delete(senders.keys().next().value!);
    senders.set(queueId, sender);
  };
  const nextAttemptAt = (attempt: DeliveryAttempt) => {
    const { minimal, maximal } = options.backoff;
    const delay = Math.min(maximal, Math.max(minimal, attempt.ageSeconds));
    return new Date(Date.now() + delay * 1000).toISOString();
  };

  /** The entries about customers' copies, in order (reports to our MX left out). */
  function entriesOf(lines: string[]) {
    const entries: Exclude<PostfixLogEntry, { kind: "active" }>[] = [];
    for (const line of lines) {
      const entry = read(line);
      if (!entry) continue;
      if (entry.kind === "active") remember(entry.queueId, entry.sender);
      else if (entry.kind === "expired" || !options.ours(entry.recipient)) entries.push(entry);
    }
    return entries;
  }

  async function recordAttempt(tx: Executor, attempt: DeliveryAttempt, messageId: string, delivered: Map<string, Delivered>) {
    const { queueId, recipient } = attempt;
    const diagnostic = feedbackText(attempt.reply);
    if (attempt.status === "sent") {
      const { tls } = attempt;
      // The same recipient twice (a copy handed off again after a crash): one delivery.
      delivered.set(`${messageId} ${recipient}`, {
        id: newId("mev"),
        messageId,
        email: recipient,
        remoteMta: attempt.relay,
        diagnostic,
        tls,
        queueId,
      });
    } else if (attempt.status === "deferred") {
      await recordDeliveryReport(
        { messageId, recipient, outcome: "delayed", diagnostic, nextAttemptAt: nextAttemptAt(attempt), source: "mta-log", queueId },
        tx,
      );
    } else {
      await recordDeliveryReport(
        { messageId, recipient, outcome: "bounced", bounceType: "hard", diagnostic, source: "mta-log", queueId },
        tx,
      );
    }
  }

  async function recordExpired(tx: Executor, copies: Copy[], queueId: string) {
    for (const copy of copies.filter((open) => OPEN_OUTCOMES.includes(open.status as RecipientStatus))) {
      const diagnostic = `expired in the queue${copy.diagnostic ? `; last reply: ${copy.diagnostic}` : ""}`;
      await recordDeliveryReport(
        {
          messageId: copy.messageId,
          recipient: copy.recipient,
          outcome: "expired",
          bounceType: "soft",
          diagnostic,
          source: "mta-log",
          queueId,
        },
        tx,
      );
    }
  }

  /** Records what the lines say and the position after them, in one transaction. */
  return async (lines: string[], end: LogPosition): Promise<void> => {
    // The TLS policy of a verified delivery is asked of the MTA-STS resolver before the transaction opens.
    const entries = await Promise.all(
      entriesOf(lines).map((entry) =>
        entry.kind === "attempt" && entry.status === "sent" ? withAppliedPolicy(entry, options.policies) : entry,
      ),
    );
    await db().transaction(async (tx) => {
      const copies = await copiesOf(tx, [...new Set(entries.map((entry) => entry.queueId))]);
      const delivered = new Map<string, Delivered>();
      for (const entry of entries) {
        const known = copies.get(entry.queueId);
        if (entry.kind === "expired") {
          await recordExpired(tx, known ?? [], entry.queueId);
          continue;
        }
        const messageId =
          known?.find((copy) => copy.recipient === entry.recipient)?.messageId ??
          messageOfSender(senders.get(entry.queueId), entry.recipient);
        if (messageId) await recordAttempt(tx, entry, messageId, delivered);
      }
      await recordDelivered(tx, [...delivered.values()]);
      await tx.execute(sql`
        insert into postfix_log_positions (log, inode, byte_offset) values (${options.log}, ${end.inode}, ${end.offset})
        on conflict (log) do update set inode = excluded.inode, byte_offset = excluded.byte_offset, updated_at = now()`);
    });
    // Only once committed: lines handed over again after a failed batch still find their copy's sender.
    for (const entry of entries) if (entry.kind === "expired" || entry.status !== "deferred") senders.delete(entry.queueId);
  };
}
