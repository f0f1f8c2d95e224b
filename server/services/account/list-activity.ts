// GET /account/activity: the caller's own events, newest first, paginated;
// and the latest few alone (the dashboard), which needs no total.
import { count, desc, eq, sql } from "drizzle-orm";
import { hotQuery } from "@/server/db/prepared";
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

const newestEvents = hotQuery("activity_newest", (executor) =>
  executor
    .select()
    .from(activityEvents)
    .where(eq(activityEvents.accountId, sql.placeholder("accountId")))
    .orderBy(desc(activityEvents.createdAt), desc(activityEvents.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset")),
);

const eventCount = hotQuery("activity_count", (executor) =>
  executor
    .select({ total: count() })
    .from(activityEvents)
    .where(eq(activityEvents.accountId, sql.placeholder("accountId"))),
);

export async function listActivity(auth: AuthContext, page: number, limit: number) {
  const [rows, [totals]] = await Promise.all([
    newestEvents().execute({ accountId: auth.accountId, limit, offset: (page - 1) * limit }),
    eventCount().execute({ accountId: auth.accountId }),
  ]);
  return { items: rows.map(activityView), pagination: pageInfo(page, limit, totals?.total ?? 0) };
}
