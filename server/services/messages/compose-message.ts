// Turns a stored message into what goes on the wire: MIME built by
// nodemailer's composer (tracking applied to the HTML), then signed with the
// sending domain's DKIM key, so receivers can check it came from the domain.
import type { Readable } from "node:stream";
import MailComposer from "nodemailer/lib/mail-composer";
import DKIM from "nodemailer/lib/dkim";
import type { messages } from "@/server/db/schema";
import type { ComposedMessage } from "@/server/email/message";
import type { DkimSigningKey } from "@/server/services/domains/dkim-keys";
import { addressOf } from "@/shared/schemas/messages";
import { withTracking } from "./tracking-links";

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

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
  const unsigned = await new MailComposer({
    from: row.from,
    to: row.to,
    cc: row.cc.length ? row.cc : undefined,
    replyTo: row.replyTo.length ? row.replyTo : undefined,
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
  const recipients = [...row.to, ...row.cc, ...row.bcc].map((mailbox) => addressOf(mailbox)!);
  return { envelope: { from: addressOf(row.from)!, to: [...new Set(recipients)] }, raw, fields };
}
