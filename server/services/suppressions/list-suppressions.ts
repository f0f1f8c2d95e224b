// GET /sending/suppressions: the account's suppressed addresses, newest first,
// optionally only those containing some text.
import { and, count, desc, eq, type SQL, sql } from "drizzle-orm";
import { db } from "@/server/db/client";
import { suppressions } from "@/server/db/schema";
import type { listSuppressionsQuery, Suppression } from "@/shared/schemas/suppressions";
import { pageInfo } from "@/shared/schemas/pagination";
import type { z } from "zod";

export const suppressionView = (
  row: typeof suppressions.$inferSelect | { email: string; reason: Suppression["reason"]; messageId: string | null; createdAt: Date },
): Suppression => ({
  email: row.email,
  reason: row.reason,
  messageId: row.messageId,
  createdAt: row.createdAt.toISOString(),
});

export async function listSuppressions(accountId: string, query: z.output<typeof listSuppressionsQuery>) {
  const filters: SQL[] = [eq(suppressions.accountId, accountId)];
  if (query.email) filters.push(sql`position(lower(${query.email}) in ${suppressions.email}) > 0`);
  const where = and(...filters);
  const [rows, [totals]] = await Promise.all([
    db()
      .select()
      .from(suppressions)
      .where(where)
      .orderBy(desc(suppressions.createdAt), desc(suppressions.email))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db().select({ total: count() }).from(suppressions).where(where),
  ]);
  return { items: rows.map(suppressionView), pagination: pageInfo(query.page, query.limit, totals?.total ?? 0) };
}
