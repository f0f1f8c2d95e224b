// `mailbox.forwarded` and `mailbox.vacation_sent` events (docs/events.md):
// one per recipient of what a mailbox's rules sent, as mailbox_events rows from
// which a trigger writes the feed's events. Like `mailbox.received`, never
// fails the hand-over: the message is already accepted, so a lost event is
// logged instead.
import { sql } from "drizzle-orm";
import { db } from "@/server/db/client";
import { logger } from "@/server/logger";

export async function recordMailboxRuleMail(
  type: "mailbox.forwarded" | "mailbox.vacation_sent",
  mailboxAddress: string,
  recipients: string[],
  sent: { messageId: string; subject: string | null },
): Promise<void> {
  try {
    for (const to of recipients) {
      const detail = { to: to.toLowerCase(), messageId: sent.messageId, subject: sent.subject };
      await db().execute(sql`
        insert into mailbox_events (mailbox_id, type, detail)
        select m.id, ${type.slice("mailbox.".length)}, ${JSON.stringify(detail)}::jsonb
          from mailboxes m
         where m.address = ${mailboxAddress.toLowerCase()}`);
    }
  } catch (error) {
    logger().warn({ err: error, type }, "mailbox rule mail event not recorded");
  }
}
