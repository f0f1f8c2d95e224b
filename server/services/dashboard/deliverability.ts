// The dashboard's bounce and complaint rates for the quota period: of the
// messages created in it that were handed off (status sent or bounced), how
// many had a hard bounce and how many a complaint. One pass over the period's
// messages; the events are found through their (message, type) indexes.
import { type SQL, sql } from "drizzle-orm";
import { db, type Executor } from "@/server/db/client";
import { type Bound, executeHot } from "@/server/db/prepared";
import type { Period } from "@/server/services/billing/periods";
import type { DashboardOverview } from "@/shared/schemas/dashboard";
import { percentage } from "@/shared/percentage";

export type DeliverabilityRow = { handed_off: string; bounced: string; complained: string };

/** The one-row select of the counts, the period's bounds given as SQL (values, or columns of the dashboard's statement). */
export function deliverabilityCounts(accountId: Bound, start: SQL, end: SQL): SQL {
  return sql`
    select count(*) as handed_off,
           count(*) filter (where exists (
             select 1 from message_events event
              where event.message_id = messages.id and event.type = 'bounced' and event.detail->>'bounceType' = 'hard')) as bounced,
           count(*) filter (where exists (
             select 1 from message_events event where event.message_id = messages.id and event.type = 'complained')) as complained
      from messages
     where account_id = ${accountId} and status in ('sent', 'delivered', 'bounced')
       and created_at >= ${start} and created_at < ${end}`;
}

export function ratesOf(row: DeliverabilityRow | undefined): DashboardOverview["deliverability"] {
  const [handedOff, bounced, complained] = [Number(row?.handed_off ?? 0), Number(row?.bounced ?? 0), Number(row?.complained ?? 0)];
  return { handedOff, bounced, complained, bounceRate: percentage(bounced, handedOff), complaintRate: percentage(complained, handedOff) };
}

export async function deliverability(accountId: string, period: Period, tx: Executor = db()): Promise<DashboardOverview["deliverability"]> {
  const counts = deliverabilityCounts(accountId, sql`${period.start}`, sql`${period.end}`);
  const result = await executeHot<DeliverabilityRow>(tx, "deliverability", counts);
  return ratesOf(result.rows[0]);
}
