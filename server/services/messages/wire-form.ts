// A stored message as it goes on the wire. A message with attachments, or one
// submitted over SMTP, keeps the form it was accepted with; any other is built
// here from its stored fields, the same bytes every time (build-message.ts),
// so its request never pays for the MIME work. Delivery and the webmail's Sent
// copy both read a message's wire form through this file.
import { sql } from "drizzle-orm";
import { messageContents, messages } from "@/server/db/schema";
import type { RawMessage } from "@/server/outbound/message";
import { buildMessage } from "./build-message";

/** The columns a wire form is read or built from: select them beside others, from `messages` left-joined to `message_contents`. */
export const wireFormColumns = {
  id: messages.id,
  from: messages.from,
  to: messages.to,
  cc: messages.cc,
  bcc: messages.bcc,
  replyTo: messages.replyTo,
  subject: messages.subject,
  headers: messages.headers,
  tags: messages.tags,
  trackOpens: messages.trackOpens,
  trackClicks: messages.trackClicks,
  messageIdHeader: messages.messageIdHeader,
  createdAt: messages.createdAt,
  raw: messageContents.raw,
  envelopeFrom: messageContents.envelopeFrom,
  envelopeTo: messageContents.envelopeTo,
  // The bodies are read only where they are built from: a stored form already holds them.
  html: sql<string | null>`case when ${messageContents.raw} is null then ${messageContents.html} end`,
  text: sql<string | null>`case when ${messageContents.raw} is null then ${messageContents.text} end`,
};

type MessageColumns = typeof messages.$inferSelect;
type ContentsColumns = typeof messageContents.$inferSelect;

/** A row of `wireFormColumns`: the contents' columns are null without a contents row (an old message; contents pruned). */
export type WireFormRow = Pick<
  MessageColumns,
  | "id"
  | "from"
  | "to"
  | "cc"
  | "bcc"
  | "replyTo"
  | "subject"
  | "headers"
  | "tags"
  | "trackOpens"
  | "trackClicks"
  | "messageIdHeader"
  | "createdAt"
> & {
  raw: ContentsColumns["raw"];
  envelopeFrom: ContentsColumns["envelopeFrom"] | null;
  /** The recipients still to deliver to. */
  envelopeTo: ContentsColumns["envelopeTo"] | null;
  html: string | null;
  text: string | null;
};

/** Its wire form and envelope; `builtNow`: built here from its fields (its `size` is first known then). */
export async function wireFormOf(row: WireFormRow): Promise<RawMessage & { builtNow: boolean }> {
  const stored = row.envelopeFrom === null ? null : { from: row.envelopeFrom, to: row.envelopeTo ?? [] };
  if (row.raw && stored) return { raw: row.raw, envelope: stored, builtNow: false };
  const built = await buildMessage(
    {
      from: row.from,
      to: row.to,
      cc: row.cc,
      bcc: row.bcc,
      replyTo: row.replyTo,
      subject: row.subject,
      html: row.html ?? undefined,
      text: row.text ?? undefined,
      headers: row.headers,
      tags: row.tags,
      trackOpens: row.trackOpens,
      trackClicks: row.trackClicks,
    },
    { id: row.id, messageIdHeader: row.messageIdHeader, date: row.createdAt },
  );
  return { raw: built.raw, envelope: stored ?? built.envelope, builtNow: true };
}
