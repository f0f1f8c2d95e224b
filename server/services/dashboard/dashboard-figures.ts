// Every figure of the dashboard in one statement (one round trip after the
// session's): the counts, the subscription row, the credits, the latest
// events, and the usage and rates of the quota period. The period is worked
// out from the subscription in TypeScript (account-plan.ts); the statement
// takes the one it implies unless a term has ended and not been rolled
// forward (the stored term, else the calendar month), and returns it, so the
// caller can tell when it has to count again. Built once per process with
// placeholders and prepared once per connection (`hotStatement`).
import { sql } from "drizzle-orm";
import { hotStatement } from "@/server/db/prepared";
import {
  type SubscriptionColumns,
  type SubscriptionFacts,
  subscriptionColumnsOfS,
  subscriptionFactsOf,
} from "@/server/services/billing/account-plan";
import { creditBalanceOf } from "@/server/services/billing/credit-balance";
import { emailsUsedCount } from "@/server/services/billing/emails-used";
import { calendarMonthOf, type Period } from "@/server/services/billing/periods";
import type { EventRow } from "@/server/services/events/event-row";
import { latestEventsJson, latestEventsOf } from "@/server/services/events/latest-events";
import type { FeedEvent } from "@/shared/schemas/events";
import { type AccountCounts, countColumns, countsOf } from "./account-counts";
import { type DeliverabilityRow, deliverabilityCounts } from "./deliverability";

const RECENT_EVENTS = 5;

/** The driver hands timestamps of a raw statement over as text (drizzle maps them for its own selects, with `new Date` as here). */
type Timestamp = string | Date;
const dateOf = (value: Timestamp) => new Date(value);

type FiguresRow = Record<keyof AccountCounts, string> &
  DeliverabilityRow &
  SubscriptionColumns & {
    counted_from: Timestamp;
    counted_until: Timestamp;
    credit_balance: string;
    emails_sent: string;
    recent_events: EventRow[] | string | null;
  };

export type DashboardFigures = {
  counts: AccountCounts;
  subscription: SubscriptionFacts | undefined;
  credits: number;
  recentEvents: FeedEvent[];
  /** The period `emailsSent` and `rates` were counted over. */
  counted: Period;
  emailsSent: number;
  rates: DeliverabilityRow;
};

// $accountId, $at, and the calendar month of $at ($monthStart, $monthEnd), as ISO strings.
const figuresOf = hotStatement<FiguresRow>("dashboard_figures", () => {
  const accountId = sql.placeholder("accountId");
  const [from, until] = [sql`counted.counted_from`, sql`counted.counted_until`];
  const stored = sql`s.current_period_start is not null and s.current_period_end is not null`;
  return sql`
    select ${countColumns(accountId, sql.placeholder("at"))},
           ${subscriptionColumnsOfS},
           counted.counted_from, counted.counted_until,
           ${creditBalanceOf(accountId)} as credit_balance,
           ${emailsUsedCount(accountId, from, until)} as emails_sent,
           rates.handed_off, rates.bounced, rates.complained,
           ${latestEventsJson(accountId, RECENT_EVENTS)} as recent_events
      from (select 1) as one
      left join subscriptions s on s.account_id = ${accountId}
      cross join lateral (
        select case when ${stored} then s.current_period_start else ${sql.placeholder("monthStart")}::timestamptz end as counted_from,
               case when ${stored} then s.current_period_end else ${sql.placeholder("monthEnd")}::timestamptz end as counted_until) as counted
      cross join lateral (${deliverabilityCounts(accountId, from, until)}) as rates`;
});

export async function readDashboardFigures(accountId: string, at: Date): Promise<DashboardFigures> {
  const month = calendarMonthOf(at);
  const values = { accountId, at: at.toISOString(), monthStart: month.start.toISOString(), monthEnd: month.end.toISOString() };
  const row = (await figuresOf(values)).rows[0]!;
  return {
    counts: countsOf(row),
    subscription: subscriptionFactsOf(row),
    credits: Number(row.credit_balance),
    recentEvents: latestEventsOf(row.recent_events),
    counted: { start: dateOf(row.counted_from), end: dateOf(row.counted_until) },
    emailsSent: Number(row.emails_sent),
    rates: row,
  };
}
