// What delivery reads of a batch of messages: their status, attempts and
// stored wire forms with envelopes, in one query; a message accepted before
// wire forms were stored is built now from its fields, the same way.
import { eq, inArray, sql } from "drizzle-orm";
import { db } from "@/server/db/client";
import { messageContents, messages } from "@/server/db/schema";
import type { RawMessage } from "@/server/outbound/message";
import { buildMessage } from "@/server/services/messages/build-message";

export function loadForDelivery(messageIds: string[]) {
  return db()
    .select({
      id: messages.id,
      accountId: messages.accountId,
      domainId: messages.domainId,
      fromDomain: messages.fromDomain,
      status: messages.status,
      attempts: messages.attempts,
      sentAt: messages.sentAt,
      raw: messageContents.raw,
      envelopeFrom: messageContents.envelopeFrom,
      envelopeTo: messageContents.envelopeTo,
    })
    .from(messages)
    .leftJoin(messageContents, eq(messageContents.messageId, messages.id))
    .where(inArray(messages.id, messageIds));
}

export type LoadedMessage = Awaited<ReturnType<typeof loadForDelivery>>[number];

/** A message accepted before wire forms were stored: built now from its fields, the same way. */
async function legacyWireForm(messageId: string): Promise<RawMessage> {
  const [row] = await db()
    .select()
    .from(messages)
    .leftJoin(messageContents, eq(messageContents.messageId, messages.id))
    .where(eq(messages.id, messageId));
  const message = row!.messages;
  const built = await buildMessage(
    {
      from: message.from,
      to: message.to,
      cc: message.cc,
      bcc: message.bcc,
      replyTo: message.replyTo,
      subject: message.subject,
      html: row!.message_contents?.html ?? undefined,
      text: row!.message_contents?.text ?? undefined,
      headers: message.headers,
      tags: message.tags,
      trackOpens: message.trackOpens,
      trackClicks: message.trackClicks,
    },
    { id: message.id, messageIdHeader: message.messageIdHeader, date: message.createdAt },
  );
  return { raw: built.raw, envelope: built.envelope };
}

/** The message as it goes on the wire, with the envelope of the recipients still pending. */
export async function wireFormOf(row: LoadedMessage): Promise<RawMessage> {
  return row.raw && row.envelopeTo?.length
    ? { raw: row.raw, envelope: { from: row.envelopeFrom!, to: row.envelopeTo } }
    : await legacyWireForm(row.id);
}

/** A scheduled message becomes queued when its time comes, unless a cancel got there first. */
async function claimScheduled(messageId: string): Promise<boolean> {
  const claimed = await db().execute(
    sql`update messages set status = 'queued' where id = ${messageId} and status = 'scheduled' returning id`,
  );
  return claimed.rows.length > 0;
}

/** Whether the message is still to deliver: not canceled, nor settled already by an earlier run of its job. */
export async function isDue(row: LoadedMessage): Promise<boolean> {
  if (row.status === "scheduled" && !(await claimScheduled(row.id))) return false;
  return row.status === "queued" || row.status === "scheduled";
}
