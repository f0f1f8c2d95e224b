// What a mailbox's rules send (docs/spam-and-rules.md, "Forwarding and
// vacation replies"): a forwarded copy or a vacation reply, handed over by our
// Dovecot with the mailbox's own address as envelope sender. It joins the
// sending pipeline as the mailbox's account (sending domain check, quota,
// suppressions, DKIM at delivery, message events) and is written into the
// event feed as `mailbox.forwarded` or `mailbox.vacation_sent`.
//
// A script may write what it sends (vacation, notify: their `:from`, and
// `:mime` header lines), so such mail keeps submission's sender rules: the
// From must be the mailbox or one of its aliases, headers only the service
// writes (Sender, Resent-*, ours) are refused, and trace headers
// (Authentication-Results, Received, ARC-*) are removed. A redirect is the
// message as it came in, which scripts cannot edit here (no `editheader`):
// its From stays the original author's.
import { simpleParser, type AddressObject } from "mailparser";
import { SmtpReply } from "@/server/mail/reply-codes";
import { recordMailboxRuleMail } from "@/server/services/events/record-mailbox-rule-mail";
import { readHeaderBlock } from "@/server/mail/submission/submitted-message";
import { type HeaderField, headerFieldValue } from "@/server/message-format/header-block";
import { acceptSubmittedMessage } from "@/server/services/messages/accept-submitted-message";
import { findMailboxWithAccount } from "@/server/services/mailboxes/find-mailbox-with-account";
import { mailboxSenderAddresses } from "@/server/services/mailboxes/sender-addresses";
import { reservedHeaderKind } from "@/shared/schemas/reserved-headers";
import { readFromHeader } from "@/server/message-format/read-from-header";

export type RuleMailKind = "forward" | "vacation";

// The copy a receiver gets needs none of our delivery's trace of it, and never our control headers.
const DROPPED = (name: string) => name === "return-path" || name === "delivered-to" || name === "bcc" || name.startsWith("x-ces-");

const addressesOf = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : [])
    .flatMap((object) => object.value)
    .flatMap((entry) => (entry.address ? [entry.address] : []));

/** The hosted mailbox (with its account) whose address Dovecot gave as envelope sender; 553 when there is none. */
export async function ruleMailOwnerOrThrow(envelopeFrom: string) {
  const owner = await findMailboxWithAccount(envelopeFrom.trim().toLowerCase());
  if (!owner) throw new SmtpReply("senderNotAllowed", "rules mail leaves with a hosted mailbox's address as sender");
  return owner;
}

/**
 * Whether Pigeonhole relayed the message as it came in (a redirect): its copy
 * starts with Pigeonhole's own `X-Sieve` and `X-Sieve-Redirected-From`
 * lines, above the original's headers. What a script writes (a vacation
 * reply, a notification) starts with the headers Pigeonhole builds, so a
 * `:mime` line cannot pose as one.
 */
function isRedirect(fields: HeaderField[], mailbox: string): boolean {
  const [first, second] = fields;
  const redirected = first?.name === "x-sieve" ? second : first;
  return (
    redirected?.name === "x-sieve-redirected-from" &&
    headerFieldValue(redirected)
      .trim()
      .replace(/^<(.*)>$/, "$1")
      .toLowerCase() === mailbox
  );
}

/** A message the script wrote, held to submission's sender rules: the header fields to keep, or a refusal. */
async function writtenMailFields(fields: HeaderField[], mailbox: string): Promise<HeaderField[]> {
  const service = fields.find((field) => reservedHeaderKind(field.name) === "service");
  if (service) throw new SmtpReply("invalidMessage", `${service.lines[0]!.split(":")[0]!.trim()} is written by the service, not by a rule`);
  const kept = fields.filter((field) => reservedHeaderKind(field.name) !== "trace");
  const from = readFromHeader(Buffer.from(kept.flatMap((field) => field.lines).join("\r\n"), "latin1")).mailbox;
  const allowed = await mailboxSenderAddresses(mailbox);
  if (!from || !allowed.includes(from.address.toLowerCase())) {
    throw new SmtpReply("senderNotAllowed", "a rule's reply must come from the mailbox's address or one of its aliases");
  }
  return kept;
}

export async function acceptRulesMail(
  envelope: { from: string; to: string[] },
  submitted: Buffer,
): Promise<{ id: string; kind: RuleMailKind }> {
  // Checked again here: the mailbox may have been deleted since MAIL FROM.
  const owner = await ruleMailOwnerOrThrow(envelope.from);
  const { fields, body } = readHeaderBlock(submitted);
  if (!fields.some((field) => field.name === "from")) throw new SmtpReply("invalidMessage", "the message has no From header");
  const redirect = isRedirect(fields, owner.mailbox.address);
  const written = redirect ? fields : await writtenMailFields(fields, owner.mailbox.address);
  const kept = written.filter((field) => field.name && !DROPPED(field.name));
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
      // A forward sends on the customer's behalf and counts against the quota; a reply written for the mailbox does not.
      source: redirect ? "mailbox_forward" : "mailbox_reply",
    },
  );
  await recordMailboxRuleMail(kind === "vacation" ? "mailbox.vacation_sent" : "mailbox.forwarded", owner.mailbox.address, envelope.to, {
    messageId: accepted.id,
    subject: parsed.subject ?? null,
  });
  return { id: accepted.id, kind };
}
