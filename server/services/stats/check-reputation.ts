// Reputation warnings (docs/deliverability.md, "Reputation warnings"): after
// each fold, every sending domain that had new counts is checked over the
// last 24 hours (by the hour, the current one included). With at least 100
// recipients handed off, a bounce rate past 4 % or a complaint rate past
// 0.1 % records a warning, at most one a day per domain and metric; its
// trigger writes the feed's `domain.reputation_warning`.
import { sql } from "drizzle-orm";
import { now } from "@/server/clock";
import { db } from "@/server/db/client";
import type { ReputationMetric } from "@/server/db/schema";
import { newId } from "@/server/ids";

export const REPUTATION_THRESHOLDS: Record<ReputationMetric, number> = { bounce_rate: 4, complaint_rate: 0.1 };
export const REPUTATION_MIN_SENT = 100;
const HOUR_MS = 3_600_000;

export type CheckedDomain = { accountId: string; domainId: string };

type Breach = { account_id: string; domain_id: string; metric: ReputationMetric; rate: number; sent: number; affected: number };

/** The window's start: 24 hourly buckets ending with the current hour. */
export const reputationWindowStart = (at: Date) => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS - 23 * HOUR_MS);

/** Records a warning for each of `domains` past a threshold and not warned about that metric in the last 24 hours; answers how many. */
export async function checkReputation(domains: CheckedDomain[], at: Date = now()): Promise<number> {
  if (domains.length === 0) return 0;
  const since = reputationWindowStart(at);
  return db().transaction(async (tx) => {
    // One checker at a time, so two instances folding at once cannot both warn.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('reputation_warnings'))`);
    const breaches = await tx.execute<Breach>(sql`
      with candidates as (
        select distinct candidate."accountId" as account_id, candidate."domainId" as domain_id
          from jsonb_to_recordset(${JSON.stringify(domains)}::jsonb) as candidate("accountId" text, "domainId" text)
      ), counted as (
        select counts.account_id, counts.domain_id, sum(counts.sent)::float8 as sent,
               sum(counts.bounced)::float8 as bounced, sum(counts.complained)::float8 as complained
          from candidates
          join lateral (
            select account_id, domain_id, sent, bounced, complained from message_stats
             where account_id = candidates.account_id and hour >= ${since} and domain_id = candidates.domain_id and tag = ''
            union all
            select account_id, domain_id, sent, bounced, complained from message_stats_pending
             where account_id = candidates.account_id and hour >= ${since} and domain_id = candidates.domain_id and tag = ''
          ) counts on true
         group by counts.account_id, counts.domain_id
      ), rates as (
        select account_id, domain_id, sent, 'bounce_rate' as metric, bounced as affected from counted
        union all
        select account_id, domain_id, sent, 'complaint_rate', complained from counted
      )
      select rates.account_id, rates.domain_id, rates.metric, round((rates.affected * 100 / rates.sent)::numeric, 2)::float8 as rate,
             rates.sent, rates.affected
        from rates
       where rates.sent >= ${REPUTATION_MIN_SENT}
         and rates.affected * 100 / rates.sent > case rates.metric when 'bounce_rate' then ${REPUTATION_THRESHOLDS.bounce_rate}::float8
                                                                   else ${REPUTATION_THRESHOLDS.complaint_rate}::float8 end
         and exists (select 1 from sending_domains where id = rates.domain_id)
         and not exists (select 1 from reputation_warnings warned
                          where warned.domain_id = rates.domain_id and warned.metric = rates.metric
                            and warned.created_at > ${new Date(at.getTime() - 24 * HOUR_MS)})`);
    for (const breach of breaches.rows) {
      await tx.execute(sql`
        insert into reputation_warnings (id, account_id, domain_id, metric, rate, threshold, sent, affected)
        values (${newId("rpw")}, ${breach.account_id}, ${breach.domain_id}, ${breach.metric}, ${breach.rate},
                ${REPUTATION_THRESHOLDS[breach.metric]}, ${breach.sent}, ${breach.affected})`);
    }
    return breaches.rows.length;
  });
}
