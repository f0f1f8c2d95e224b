// What a mailbox's rules send (docs/spam-and-rules.md, "Forwarding and
// vacation replies"): a forwarded copy or a vacation reply, handed over by our
// Dovecot with the mailbox's own address as envelope sender. It joins the
// sending pipeline as the mailbox's account (sending domain check, quota,
// suppressions, DKIM at delivery, message events) and is written into the
// event feed as `mailbox.forwarded` or `mailbox.vacation_sent`.
import { eq } from "drizzle-orm";
import { simpleParser, type AddressObject } from "mailparser";
import { db } from "@/server/db/client";
import { accounts, mailboxes } from "@/server/db/schema";
import { SmtpReply } from "@/server/mail/reply-codes";
import { recordMailboxRuleMail } from "@/server/services/events/record-mailbox-rule-mail";
import { readHeaderBlock } from "@/server/mail/submission/submitted-message";
import { headerFieldValue } from "@/server/services/messages/header-block";
import { acceptSubmittedMessage } from "@/server/services/messages/accept-submitted-message";

export type RuleMailKind = "forward" | "vacation";

// The copy a receiver gets needs none of our delivery's trace of it, and never our control headers.
const DROPPED = (name: string) => name === "return-path" || name === "delivered-to" || name === "bcc" || name.startsWith("x-ces-");

const addressesOf = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : [])
    .flatMap((object) => object.value)
    .flatMap((entry) => (entry.address ? [entry.address] : []));

/** The hosted mailbox (with its account) whose address Dovecot gave as envelope sender; 553 when there is none. */
export async function ruleMailOwnerOrThrow(envelopeFrom: string) {
  const [owner] = await db()
    .select({ mailbox: mailboxes, account: accounts })
    .from(mailboxes)
    .innerJoin(accounts, eq(accounts.id, mailboxes.accountId))
    .where(eq(mailboxes.address, envelopeFrom.trim().toLowerCase()))
    .limit(1);
  if (!owner) throw new SmtpReply("senderNotAllowed", "rules mail leaves with a hosted mailbox's address as sender");
  return owner;
}

export async function acceptRulesMail(
  envelope: { from: string; to: string[] },
  submitted: Buffer,
): Promise<{ id: string; kind: RuleMailKind }> {
  // Checked again here: the mailbox may have been deleted since MAIL FROM.
  const owner = await ruleMailOwnerOrThrow(envelope.from);
  const { fields, body } = readHeaderBlock(submitted);
  if (!fields.some((field) => field.name === "from")) throw new SmtpReply("invalidMessage", "the message has no From header");
  const kept = fields.filter((field) => field.name && !DROPPED(field.name));
  // Pigeonhole marks its vacation replies (RFC 3834); a redirect keeps the original's headers.
  const autoSubmitted = fields.find((field) => field.name === "auto-submitted");
  const kind: RuleMailKind = autoSubmitted && /^auto-replied\b/i.test(headerFieldValue(autoSubmitted).trim()) ? "vacation" : "forward";
  const keptHeader = kept.flatMap((field) => field.lines).join("\r\n");
  const raw = Buffer.from(`${keptHeader}\r\n\r\n${body}`, "latin1");
  const parsed = await simpleParser(Buffer.from(`${keptHeader}\r\n\r\n`, "latin1"), { skipHtmlToText: true, skipTextToHtml: true });
  const named = new Set([...addressesOf(parsed.to), ...addressesOf(parsed.cc)].map((address) => address.toLowerCase()));
  const accepted = await acceptSubmittedMessage(
    { accountId: owner.account.id, account: owner.account, apiKey: null, sessionId: null, credentialExpiresAt: null },
    {
      envelope: { from: owner.mailbox.address, to: envelope.to },
      raw,
      summary: {
        // The pipeline checks the sender's domain on the mailbox's address: a forward's From stays the original author's.
        from: owner.mailbox.address,
        to: addressesOf(parsed.to),
        cc: addressesOf(parsed.cc),
        bcc: envelope.to.filter((address) => !named.has(address.toLowerCase())),
        replyTo: addressesOf(parsed.replyTo),
        subject: parsed.subject ?? "",
        messageIdHeader: parsed.messageId ?? "",
      },
      source: "smtp",
    },
  );
  await recordMailboxRuleMail(kind === "vacation" ? "mailbox.vacation_sent" : "mailbox.forwarded", owner.mailbox.address, envelope.to, {
    messageId: accepted.id,
    subject: parsed.subject ?? null,
  });
  return { id: accepted.id, kind };
}
