// GET /support/tickets: the caller's own tickets, newest first.
import { count, desc, eq } from "drizzle-orm";
import { db } from "@/server/db/client";
import { supportTickets } from "@/server/db/schema";
import type { AuthContext } from "@/server/services/auth/authenticate-bearer";
import { pageInfo } from "@/shared/schemas/pagination";
import { ticketView } from "./ticket-view";

export async function listTickets(auth: AuthContext, page: number, limit: number) {
  const mine = eq(supportTickets.accountId, auth.accountId);
  const [rows, [totals]] = await Promise.all([
    db()
      .select()
      .from(supportTickets)
      .where(mine)
      .orderBy(desc(supportTickets.createdAt), desc(supportTickets.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db().select({ total: count() }).from(supportTickets).where(mine),
  ]);
  return { items: rows.map(ticketView), pagination: pageInfo(page, limit, totals?.total ?? 0) };
}
