// Every count the dashboard and the onboarding checklist show, in one
// statement (one round trip), from the tables that own them.
import { sql } from "drizzle-orm";
import { db, type Executor } from "@/server/db/client";

export type AccountCounts = {
  domainsTotal: number;
  domainsVerified: number;
  relaysTotal: number;
  relaysActive: number;
  apiKeys: number;
  activeSessions: number;
};

export async function accountCounts(accountId: string, at: Date, tx: Executor = db()): Promise<AccountCounts> {
  const result = await tx.execute<Record<keyof AccountCounts, string>>(sql`
    select
      (select count(*) from sending_domains where account_id = ${accountId}) as "domainsTotal",
      (select count(*) from sending_domains where account_id = ${accountId} and status = 'verified') as "domainsVerified",
      (select count(*) from smtp_relays where account_id = ${accountId}) as "relaysTotal",
      (select count(*) from smtp_relays where account_id = ${accountId} and status = 'active') as "relaysActive",
      (select count(*) from api_keys where account_id = ${accountId} and revoked_at is null
         and (expires_at is null or expires_at > ${at.toISOString()})) as "apiKeys",
      (select count(*) from sessions s join accounts a on a.id = s.account_id
         where s.account_id = ${accountId} and s.revoked_at is null and s.expires_at > ${at.toISOString()}
           and s.last_active_at + make_interval(mins => a.session_timeout_minutes) > ${at.toISOString()}) as "activeSessions"`);
  const row = result.rows[0]!;
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)])) as AccountCounts;
}
