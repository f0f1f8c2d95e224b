// GET /account/activity: the caller's own events, newest first, paginated.
// The page and the total come in one statement (one round trip after the
// session's): the count, with the page's rows joined beside it (none: one
// row with the count alone).
import { sql } from "drizzle-orm";
import { db } from "@/server/db/client";
import { executeHot } from "@/server/db/prepared";
import { pageInfo } from "@/shared/schemas/pagination";
import type { AuthContext } from "@/server/services/auth/authenticate-bearer";

type ActivityRow = {
  total: string;
  id: string | null;
  type: string;
  description: string;
  ip_address: string | null;
  user_agent: string | null;
  actor_email: string | null;
  metadata: Record<string, unknown>;
  /** Text from the driver for a raw statement; `new Date` reads it as drizzle's own selects do. */
  created_at: string | Date;
};

function activityView(event: ActivityRow) {
  return {
    id: event.id!,
    type: event.type,
    description: event.description,
    ipAddress: event.ip_address,
    userAgent: event.user_agent,
    actorEmail: event.actor_email,
    metadata: event.metadata,
    createdAt: new Date(event.created_at).toISOString(),
  };
}

export async function listActivity(auth: AuthContext, page: number, limit: number) {
  const result = await executeHot<ActivityRow>(
    db(),
    "activity-page",
    sql`
    select totals.total, e.id, e.type, e.description, e.ip_address, e.user_agent, e.actor_email, e.metadata, e.created_at
      from (select count(*) as total from activity_events where account_id = ${auth.accountId}) as totals
      left join lateral (
        select id, type, description, ip_address, user_agent, actor_email, metadata, created_at
          from activity_events
         where account_id = ${auth.accountId}
         order by created_at desc, id desc
         limit ${limit} offset ${(page - 1) * limit}) as e on true
     order by e.created_at desc, e.id desc`,
  );
  const rows = result.rows.filter((row) => row.id !== null);
  return { items: rows.map(activityView), pagination: pageInfo(page, limit, Number(result.rows[0]?.total ?? 0)) };
}
