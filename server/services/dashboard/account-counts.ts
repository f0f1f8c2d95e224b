// Every count the dashboard and the onboarding checklist show, in one
// statement (one round trip), from the tables that own them.
import { pool } from "@/server/db/client";
import { statementName } from "@/server/db/prepared";

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

// $1 the account, $2 now. A named statement: every dashboard load runs it.
const COUNTS_SQL = `
  select
    (select count(*) from sending_domains where account_id = $1) as "domainsTotal",
    (select count(*) from sending_domains where account_id = $1 and status = 'verified') as "domainsVerified",
    (select count(*) from smtp_relays where account_id = $1) as "relaysTotal",
    (select count(*) from smtp_relays where account_id = $1 and status = 'active') as "relaysActive",
    (select count(*) from smtp_relays where account_id = $1 and status = 'active' and last_test_ok is not false) as "relaysWorking",
    (select count(*) from smtp_relays where account_id = $1 and is_default and last_test_ok = false) as "defaultRelayFailing",
    (select count(*) from (select 1 from messages where account_id = $1 limit 1) as any_message) as "messagesSent",
    (select count(*) from api_keys where account_id = $1 and revoked_at is null
       and (expires_at is null or expires_at > $2)) as "apiKeys",
    (select count(*) from sessions s join accounts a on a.id = s.account_id
       where s.account_id = $1 and s.revoked_at is null and s.expires_at > $2
         and s.last_active_at + make_interval(mins => a.session_timeout_minutes) > $2) as "activeSessions",
    (select count(*) from mailboxes where account_id = $1) as "mailboxes"`;

export async function accountCounts(accountId: string, at: Date): Promise<AccountCounts> {
  const result = await pool().query<Record<keyof AccountCounts, string>>({
    name: statementName("account_counts"),
    text: COUNTS_SQL,
    values: [accountId, at.toISOString()],
  });
  const row = result.rows[0]!;
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)])) as AccountCounts;
}
