// `mailbox.forwarded` and `mailbox.vacation_sent` events (docs/events.md):
// one per recipient of what a mailbox's rules sent. Like `mailbox.received`,
// never fails the hand-over: the message is already accepted, so a lost event
// is logged instead.
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
        insert into account_events (account_id, id, type, object_type, object_id, domain, mailbox, detail)
        select m.account_id, account_event_id(), ${type}, 'mailbox', m.id, split_part(m.address, '@', 2), m.address,
               jsonb_build_object('mailbox', m.address) || ${JSON.stringify(detail)}::jsonb
          from mailboxes m
         where m.address = ${mailboxAddress.toLowerCase()}`);
    }
  } catch (error) {
    logger().warn({ err: error, type }, "mailbox rule mail event not recorded");
  }
}
