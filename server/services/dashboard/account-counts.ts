// Every count the dashboard and the onboarding checklist show, in one
// statement (one round trip), from the tables that own them.
import { type SQL, sql } from "drizzle-orm";
import { db } from "@/server/db/client";
import { type Bound, executeHot } from "@/server/db/prepared";

export type AccountCounts = {
  domainsTotal: number;
  domainsVerified: number;
  relaysTotal: number;
  relaysActive: number;
  /** Relays that can be used: active, and not failing their last connection test. */
  relaysWorking: number;
  /** 1 when the default relay failed its last connection test, else 0. */
  defaultRelayFailing: number;
  /** 1 once the account has sent any message (the first test email included), else 0. */
  messagesSent: number;
  apiKeys: number;
  activeSessions: number;
  /** Hosted mailboxes of the account (docs/mailboxes.md). */
  mailboxes: number;
};

/** The counts as columns of a select list (the dashboard's statement reads them with its other figures). */
export function countColumns(accountId: Bound, at: Bound): SQL {
  const moment = sql`${at}::timestamptz`;
  return sql`
    (select count(*) from sending_domains where account_id = ${accountId}) as "domainsTotal",
    (select count(*) from sending_domains where account_id = ${accountId} and status = 'verified') as "domainsVerified",
    (select count(*) from smtp_relays where account_id = ${accountId}) as "relaysTotal",
    (select count(*) from smtp_relays where account_id = ${accountId} and status = 'active') as "relaysActive",
    (select count(*) from smtp_relays where account_id = ${accountId} and status = 'active' and last_test_ok is not false) as "relaysWorking",
    (select count(*) from smtp_relays where account_id = ${accountId} and is_default and last_test_ok = false) as "defaultRelayFailing",
    (select count(*) from (select 1 from messages where account_id = ${accountId} limit 1) as any_message) as "messagesSent",
    (select count(*) from api_keys where account_id = ${accountId} and revoked_at is null
       and (expires_at is null or expires_at > ${moment})) as "apiKeys",
    (select count(*) from sessions s join accounts a on a.id = s.account_id
       where s.account_id = ${accountId} and s.revoked_at is null and s.expires_at > ${moment}
         and s.last_active_at + make_interval(mins => a.session_timeout_minutes) > ${moment}) as "activeSessions",
    (select count(*) from mailboxes where account_id = ${accountId}) as "mailboxes"`;
}

const COUNT_KEYS: (keyof AccountCounts)[] = [
  "domainsTotal",
  "domainsVerified",
  "relaysTotal",
  "relaysActive",
  "relaysWorking",
  "defaultRelayFailing",
  "messagesSent",
  "apiKeys",
  "activeSessions",
  "mailboxes",
];

/** The counts of a row that has `countColumns` among its columns (the driver gives them as text). */
export function countsOf(row: Record<string, unknown>): AccountCounts {
  return Object.fromEntries(COUNT_KEYS.map((key) => [key, Number(row[key])])) as AccountCounts;
}

// A named statement: every onboarding checklist load runs it.
export async function accountCounts(accountId: string, at: Date): Promise<AccountCounts> {
  const result = await executeHot<Record<keyof AccountCounts, string>>(
    db(),
    "account-counts",
    sql`select ${countColumns(accountId, at.toISOString())}`,
  );
  return countsOf(result.rows[0]!);
}
