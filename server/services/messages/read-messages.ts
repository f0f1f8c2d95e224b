// GET /sending/messages and /sending/messages/{id}: the account's messages,
// newest first. A key restricted to one domain sees only that domain's.
// Lists read `messages` only; bodies live in message_contents.
import { and, asc, count, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import { db } from "@/server/db/client";
import { messageContents, messageEvents, messageRecipients, messages } from "@/server/db/schema";
import { notFound } from "@/server/errors";
import type { SendingPrincipal } from "@/server/services/auth/sending-principal";
import type { listMessagesQuery, MessageRecipient } from "@/shared/schemas/messages";
import { pageInfo } from "@/shared/schemas/pagination";
import type { z } from "zod";
import { wireFormColumns, wireFormOf } from "./wire-form";
import { messageDetailView, messageSummaryView, recipientsView } from "./message-view";

export function visibleTo(principal: SendingPrincipal): SQL {
  const own = eq(messages.accountId, principal.accountId);
  return principal.apiKey?.domainId ? and(own, eq(messages.domainId, principal.apiKey.domainId))! : own;
}

// Recipients are kept as sent ("Ada <ada@example.com>"), so these match within each one.
const anyRecipientContains = (text: string) =>
  sql`exists (select 1 from jsonb_array_elements_text(${messages.to} || ${messages.cc} || ${messages.bcc}) as recipient where position(lower(${text}) in lower(recipient)) > 0)`;

export async function listMessages(principal: SendingPrincipal, query: z.output<typeof listMessagesQuery>) {
  const filters: SQL[] = [visibleTo(principal)];
  if (query.status) filters.push(eq(messages.status, query.status));
  if (query.tag) {
    const [name, value] = query.tag.split(":");
    const wanted = value === undefined ? [{ name }] : [{ name, value }];
    filters.push(sql`${messages.tags} @> ${JSON.stringify(wanted)}::jsonb`);
  }
  if (query.to) filters.push(anyRecipientContains(query.to));
  if (query.since) filters.push(gte(messages.createdAt, new Date(query.since)));
  if (query.until) filters.push(lt(messages.createdAt, new Date(query.until)));
  if (query.search)
    filters.push(sql`(position(lower(${query.search}) in lower(${messages.subject})) > 0 or ${anyRecipientContains(query.search)})`);
  const where = and(...filters);
  const [rows, [totals]] = await Promise.all([
    db()
      .select()
      .from(messages)
      .where(where)
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db().select({ total: count() }).from(messages).where(where),
  ]);
  return { items: rows.map(messageSummaryView), pagination: pageInfo(query.page, query.limit, totals?.total ?? 0) };
}

const contentsColumns = {
  messageId: messageContents.messageId,
  html: messageContents.html,
  text: messageContents.text,
  attachments: messageContents.attachments,
};

/** Full views of these messages (already known to be the caller's), in the given order. */
export async function loadMessageDetails(ids: string[]) {
  const [rows, contents, events, recipients] = await Promise.all([
    db().select().from(messages).where(inArray(messages.id, ids)),
    db().select(contentsColumns).from(messageContents).where(inArray(messageContents.messageId, ids)),
    db()
      .select()
      .from(messageEvents)
      .where(inArray(messageEvents.messageId, ids))
      .orderBy(asc(messageEvents.createdAt), asc(messageEvents.id)),
    db().select().from(messageRecipients).where(inArray(messageRecipients.messageId, ids)),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const contentsById = new Map(contents.map((entry) => [entry.messageId, entry]));
  return ids
    .filter((id) => byId.has(id))
    .map((id) =>
      messageDetailView(
        byId.get(id)!,
        contentsById.get(id),
        events.filter((event) => event.messageId === id),
        recipients.filter((recipient) => recipient.messageId === id),
      ),
    );
}

/** 404 unless the message is one the caller may see (its account's; a key restricted to a domain: that domain's). */
export async function assertMessageVisible(principal: SendingPrincipal, messageId: string): Promise<void> {
  const [row] = await db()
    .select({ id: messages.id })
    .from(messages)
    .where(and(visibleTo(principal), eq(messages.id, messageId)))
    .limit(1);
  if (!row) throw notFound("Message");
}

export async function getMessage(principal: SendingPrincipal, messageId: string) {
  await assertMessageVisible(principal, messageId);
  return (await loadMessageDetails([messageId]))[0]!;
}

/**
 * The account's messages submitted over SMTP with these Message-ID headers, by header: a mail client's copy in a
 * mailbox's Sent names its message this way (docs/webmail.md, "Sent"). When a client reused a Message-ID, the
 * latest message wins.
 */
export async function smtpSubmissionsByMessageId(accountId: string, headers: string[]): Promise<Map<string, string>> {
  if (headers.length === 0) return new Map();
  const rows = await db()
    .select({ id: messages.id, header: messages.messageIdHeader })
    .from(messages)
    .where(and(eq(messages.accountId, accountId), eq(messages.source, "smtp"), inArray(messages.messageIdHeader, headers)))
    .orderBy(messages.createdAt);
  return new Map(rows.map((row) => [row.header, row.id]));
}

/**
 * The status and each recipient's outcome of those of these messages that are the account's (the
 * webmail's Sent folder shows them beside the copies: docs/webmail.md, "Sent"); others are left out.
 */
export async function deliveryOutcomes(accountId: string, ids: string[]) {
  if (ids.length === 0) return new Map<string, { status: (typeof messages.$inferSelect)["status"]; recipients: MessageRecipient[] }>();
  const rows = await db()
    .select()
    .from(messages)
    .where(and(eq(messages.accountId, accountId), inArray(messages.id, ids)));
  const found = rows.map((row) => row.id);
  const [suppressions, recipients] = found.length
    ? await Promise.all([
        db()
          .select()
          .from(messageEvents)
          .where(and(inArray(messageEvents.messageId, found), eq(messageEvents.type, "suppressed"))),
        db().select().from(messageRecipients).where(inArray(messageRecipients.messageId, found)),
      ])
    : [[], []];
  return new Map(
    rows.map((row) => [
      row.id,
      {
        status: row.status,
        recipients: recipientsView(
          row,
          suppressions.filter((event) => event.messageId === row.id),
          recipients.filter((recipient) => recipient.messageId === row.id),
        ),
      },
    ]),
  );
}

/** The message as built for the wire (before its DKIM signature; null once its contents are gone) and its Message-ID, or null. */
export async function builtMessageOf(messageId: string): Promise<{ raw: Buffer | null; messageIdHeader: string } | null> {
  const [row] = await db()
    .select(wireFormColumns)
    .from(messages)
    .leftJoin(messageContents, eq(messageContents.messageId, messages.id))
    .where(eq(messages.id, messageId))
    .limit(1);
  if (!row) return null;
  return { raw: row.envelopeFrom === null ? null : (await wireFormOf(row)).raw, messageIdHeader: row.messageIdHeader };
}
