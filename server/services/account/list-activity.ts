// GET /account/activity: the caller's own events, newest first, paginated;
// and the latest few alone (the dashboard), which needs no total.
import { count, desc, eq } from "drizzle-orm";
import { db } from "@/server/db/client";
import { activityEvents } from "@/server/db/schema";
import { pageInfo } from "@/shared/schemas/pagination";
import type { AuthContext } from "@/server/services/auth/authenticate-bearer";

type ActivityRow = typeof activityEvents.$inferSelect;

function activityView(event: ActivityRow) {
  return {
    id: event.id,
    type: event.type,
    description: event.description,
    ipAddress: event.ipAddress,
    userAgent: event.userAgent,
    metadata: event.metadata,
    createdAt: event.createdAt.toISOString(),
  };
}

function newestEvents(accountId: string, limit: number, offset = 0) {
  return db()
    .select()
    .from(activityEvents)
    .where(eq(activityEvents.accountId, accountId))
    .orderBy(desc(activityEvents.createdAt), desc(activityEvents.id))
    .limit(limit)
    .offset(offset);
}

export async function listActivity(auth: AuthContext, page: number, limit: number) {
  const [rows, [totals]] = await Promise.all([
    newestEvents(auth.accountId, limit, (page - 1) * limit),
    db().select({ total: count() }).from(activityEvents).where(eq(activityEvents.accountId, auth.accountId)),
  ]);
  return { items: rows.map(activityView), pagination: pageInfo(page, limit, totals?.total ?? 0) };
}

export async function recentActivity(accountId: string, limit: number) {
  return (await newestEvents(accountId, limit)).map(activityView);
}
