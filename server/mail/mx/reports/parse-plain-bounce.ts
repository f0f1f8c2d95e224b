// Bounces that carry no delivery-status report (older Exim, qmail, some
// appliances): plain text from a mailer daemon. Taken only when the message
// plainly is a non-delivery notice (a null sender or a mailer-daemon/postmaster
// From, and an X-Failed-Recipients header or a bounce subject), never an
// out-of-office reply. Which recipient failed comes from X-Failed-Recipients
// when present; otherwise the caller may use the message's only recipient.
import type { BounceType } from "./parse-dsn";

export type PlainBounce = { namedRecipients: string[]; bounceType: BounceType; diagnostic: string };

type PlainMessage = { mailFrom: string; from: string; subject: string; failedRecipients: string[]; text: string };

const BOUNCE_SUBJECT =
  /undeliver|not (been )?delivered|delivery (status notification|failure|has failed|problem)|returned mail|failure notice|mail delivery (failed|system|subsystem)|delivery failed/i;
const AUTO_REPLY_SUBJECT = /automatic reply|auto[- ]?reply|out of (the )?office|vacation|abwesenheit/i;
const DELAY_SUBJECT = /delay|warning|still (being )?(retried|undelivered)|not yet (been )?delivered/i;

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim().slice(0, 500);

export function parsePlainBounce(message: PlainMessage): PlainBounce | null {
  const daemon = message.mailFrom === "" || /^(mailer-daemon|postmaster)@/i.test(message.from);
  if (!daemon || AUTO_REPLY_SUBJECT.test(message.subject)) return null;
  if (message.failedRecipients.length === 0 && !BOUNCE_SUBJECT.test(message.subject)) return null;
  const text = message.text.slice(0, 64 * 1024);
  const reply =
    /\b[45]\d\d[ -][45]\.\d{1,3}\.\d{1,3}\b[^\n]*/.exec(text)?.[0] ?? /(?:^|\s)([45]\d\d)(?:\s|-)[^\n]*/m.exec(text)?.[0] ?? null;
  const delayed = DELAY_SUBJECT.test(message.subject);
  const bounceType: BounceType = delayed || reply?.trim().startsWith("4") ? "soft" : "hard";
  return {
    namedRecipients: [...new Set(message.failedRecipients.map((address) => address.trim().toLowerCase()).filter((a) => a.includes("@")))],
    bounceType,
    diagnostic: oneLine(reply ?? `no delivery status report; subject: ${message.subject || "(none)"}`),
  };
}
