// GET /account/activity: the caller's own events, newest first, paginated.
import { count, desc, eq } from "drizzle-orm";
import { db } from "@/server/db/client";
import { activityEvents } from "@/server/db/schema";
import { pageInfo } from "@/shared/schemas/pagination";
import type { AuthContext } from "@/server/services/auth/authenticate-bearer";

export async function listActivity(auth: AuthContext, page: number, limit: number) {
  const mine = eq(activityEvents.accountId, auth.accountId);
  const [rows, [totals]] = await Promise.all([
    db()
      .select()
      .from(activityEvents)
      .where(mine)
      .orderBy(desc(activityEvents.createdAt), desc(activityEvents.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db().select({ total: count() }).from(activityEvents).where(mine),
  ]);
  const total = totals?.total ?? 0;
  return {
    items: rows.map((event) => ({
      id: event.id,
      type: event.type,
      description: event.description,
      ipAddress: event.ipAddress,
      userAgent: event.userAgent,
      metadata: event.metadata,
      createdAt: event.createdAt.toISOString(),
    })),
    pagination: pageInfo(page, limit, total),
  };
}
