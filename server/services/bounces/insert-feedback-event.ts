// The one write bounces and complaints share: their event on the message,
// at most once per message, recipient and kind (a unique index on
// message_events), so the same DSN or report arriving twice records nothing.
import { sql } from "drizzle-orm";
import type { Executor } from "@/server/db/client";
import type { MessageEventType } from "@/server/db/schema";
import { newId } from "@/server/ids";

const MAX_DETAIL_TEXT = 1000;

/** One line, bounded: diagnostics come from remote servers. */
export const feedbackText = (text: string) => text.replace(/\s+/g, " ").trim().slice(0, MAX_DETAIL_TEXT);

/** Inserts the event; answers the message's account, or null when the message is unknown or the event was already recorded. */
export async function insertFeedbackEvent(
  tx: Executor,
  messageId: string,
  type: Extract<MessageEventType, "bounced" | "complained" | "delivered" | "expired" | "delivery_delayed">,
  detail: Record<string, unknown>,
): Promise<{ accountId: string } | null> {
  const result = await tx.execute<{ account_id: string }>(sql`
    with message as (select id, account_id from messages where id = ${messageId}),
    inserted as (
      insert into message_events (id, message_id, type, detail)
      select ${newId("mev")}, message.id, ${type}, ${JSON.stringify(detail)}::jsonb from message
      on conflict do nothing
      returning message_id
    )
    select message.account_id from message join inserted on inserted.message_id = message.id`);
  const row = result.rows[0];
  return row ? { accountId: row.account_id } : null;
}
