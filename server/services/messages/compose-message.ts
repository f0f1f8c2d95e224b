// Turns a stored message into what goes on the wire: MIME built by
// nodemailer's composer (tracking applied to the HTML), then signed with the
// sending domain's DKIM key, so receivers can check it came from the domain.
import { Readable } from "node:stream";
import MailComposer from "nodemailer/lib/mail-composer";
import DKIM from "nodemailer/lib/dkim";
import type { messages } from "@/server/db/schema";
import type { ComposedMessage } from "@/server/email/message";
import type { DkimSigningKey } from "@/server/services/domains/dkim-keys";
import { type Mailbox, parseMailbox } from "@/shared/schemas/mail-address";
import { withTracking } from "./tracking-links";

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

// Headers are written from the parsed parts (nodemailer quotes the name), never
// from the stored text, and the envelope takes the very same addresses.
const mailboxOf = (text: string): Mailbox => {
  const mailbox = parseMailbox(text);
  if (!mailbox) throw new Error("A stored message has an address that is not one mailbox");
  return mailbox;
};

export async function composeMessage(row: typeof messages.$inferSelect, dkim: DkimSigningKey | null): Promise<ComposedMessage> {
  const html = row.html ? withTracking(row.html, row.id, { opens: row.trackOpens, clicks: row.trackClicks }) : undefined;
  const headers = { ...row.headers, "X-CES-Message-ID": row.id };
  const fields = {
    from: row.from,
    to: row.to,
    cc: row.cc,
    bcc: row.bcc,
    replyTo: row.replyTo,
    subject: row.subject,
    html,
    text: row.text ?? undefined,
    headers,
  };
  const [from, to, cc, bcc, replyTo] = [mailboxOf(row.from), row.to.map(mailboxOf), row.cc.map(mailboxOf), row.bcc.map(mailboxOf), row.replyTo.map(mailboxOf)];
  const unsigned = await new MailComposer({
    from,
    to,
    cc: cc.length ? cc : undefined,
    replyTo: replyTo.length ? replyTo : undefined,
    subject: row.subject,
    html,
    text: row.text ?? undefined,
    headers,
    messageId: row.messageIdHeader,
    date: row.createdAt,
  })
    .compile()
    .build();
  const raw = dkim
    ? await readAll(new DKIM({ domainName: dkim.domain, keySelector: dkim.selector, privateKey: dkim.privateKey }).sign(unsigned) as Readable)
    : unsigned;
  const recipients = [...to, ...cc, ...bcc].map((mailbox) => mailbox.address);
  return { envelope: { from: from.address, to: [...new Set(recipients)] }, raw, fields };
}
