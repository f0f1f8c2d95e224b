// GET /sending/messages and /sending/messages/{id}: the account's messages,
// newest first. A key restricted to one domain sees only that domain's.
import { and, asc, count, desc, eq, type SQL, sql } from "drizzle-orm";
import { db } from "@/server/db/client";
import { messageEvents, messages } from "@/server/db/schema";
import { notFound } from "@/server/errors";
import type { SendingPrincipal } from "@/server/http/route";
import type { listMessagesQuery } from "@/shared/schemas/messages";
import { pageInfo } from "@/shared/schemas/pagination";
import type { z } from "zod";
import { messageDetailView, messageSummaryView } from "./message-view";

function visibleTo(principal: SendingPrincipal): SQL {
  const own = eq(messages.accountId, principal.accountId);
  return principal.apiKey?.domainId ? and(own, eq(messages.domainId, principal.apiKey.domainId))! : own;
}

export async function listMessages(principal: SendingPrincipal, query: z.output<typeof listMessagesQuery>) {
  const filters: SQL[] = [visibleTo(principal)];
  if (query.status) filters.push(eq(messages.status, query.status));
  if (query.tag) {
    const [name, value] = query.tag.split(":");
    const wanted = value === undefined ? [{ name }] : [{ name, value }];
    filters.push(sql`${messages.tags} @> ${JSON.stringify(wanted)}::jsonb`);
  }
  if (query.to) {
    // Recipients are kept as sent ("Ada <ada@example.com>"), so this matches within each one.
    filters.push(
      sql`exists (select 1 from jsonb_array_elements_text(${messages.to} || ${messages.cc} || ${messages.bcc}) as recipient where position(lower(${query.to}) in lower(recipient)) > 0)`,
    );
  }
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

export async function getMessage(principal: SendingPrincipal, messageId: string) {
  const [row] = await db().select().from(messages).where(and(visibleTo(principal), eq(messages.id, messageId))).limit(1);
  if (!row) throw notFound("Message");
  const events = await db().select().from(messageEvents).where(eq(messageEvents.messageId, row.id)).orderBy(asc(messageEvents.createdAt), asc(messageEvents.id));
  return messageDetailView(row, events);
}
