// `mailbox.received` events (docs/events.md): recorded when a message has been
// handed to hosted mailboxes. The deliveries have no rows of their own, so each
// is a mailbox_events row, from which a trigger writes the feed's event
// (server/db/functions/account_events_from_mailbox_events.sql).
import { simpleParser } from "mailparser";
import { sql } from "drizzle-orm";
import { db } from "@/server/db/client";
import { logger } from "@/server/logger";

const HEADER_LIMIT = 64 * 1024;

/** The message's Subject (decoded), from its header section only. */
async function subjectOf(raw: Buffer): Promise<string | null> {
  const end = raw.indexOf("\r\n\r\n");
  const header = raw.subarray(0, end >= 0 ? Math.min(end + 4, HEADER_LIMIT) : Math.min(raw.length, HEADER_LIMIT));
  const parsed = await simpleParser(header, { skipHtmlToText: true, skipTextToHtml: true, skipImageLinks: true });
  return parsed.subject?.slice(0, 998) ?? null;
}

/**
 * One event per mailbox (by address) that took the message. Never fails the
 * delivery: the mail is already stored, so a lost event is logged instead.
 */
export async function recordMailboxReceived(mailboxAddresses: string[], message: { mailFrom: string; raw: Buffer }): Promise<void> {
  if (mailboxAddresses.length === 0) return;
  try {
    const detail = {
      from: message.mailFrom || null,
      subject: await subjectOf(message.raw),
      // No spam filtering yet: every message is filed in the inbox.
      folder: "INBOX",
      spamScore: null,
    };
    await db().execute(sql`
      insert into mailbox_events (mailbox_id, type, detail)
      select m.id, 'received', ${JSON.stringify(detail)}::jsonb
        from mailboxes m
       where m.address in ${mailboxAddresses.map((address) => address.toLowerCase())}`);
  } catch (error) {
    logger().warn({ err: error, mailboxes: mailboxAddresses.length }, "mailbox.received events not recorded");
  }
}
