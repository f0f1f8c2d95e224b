// GET /account/members: the owner first, then members in the order they
// joined, each with their latest activity in this account (their sessions
// acting here; the owner's own sessions for the owner).
import { sql } from "drizzle-orm";
import type { Role } from "@/shared/api/access";
import { db, type Executor } from "@/server/db/client";
import { type MemberRow, memberView } from "./team-views";

type Row = {
  id: string;
  email: string;
  name: string | null;
  role: Role;
  created_at: string | Date;
  last_active_at: string | Date | null;
};

const toMember = (row: Row): MemberRow => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  createdAt: new Date(row.created_at),
  lastActiveAt: row.last_active_at === null ? null : new Date(row.last_active_at),
});

/** The account's people; with `memberId`, only that entry (the owner's id is the account's). */
export async function findMembers(accountId: string, memberId?: string, tx: Executor = db()): Promise<MemberRow[]> {
  const result = await tx.execute<Row>(sql`
    select * from (
      select a.id, a.email, a.name, 'owner' as role, a.created_at, 0 as rank,
             (select max(s.last_active_at) from sessions s where s.account_id = a.id and s.acting_account_id is null) as last_active_at
        from accounts a where a.id = ${accountId}
      union all
      select m.id, p.email, p.name, m.role, m.created_at, 1 as rank,
             (select max(s.last_active_at) from sessions s
               where s.account_id = m.member_account_id and s.acting_account_id = m.account_id) as last_active_at
        from account_members m join accounts p on p.id = m.member_account_id
       where m.account_id = ${accountId}
    ) as people
    where ${memberId ?? null}::text is null or id = ${memberId ?? null}
    order by rank, created_at, id`);
  return result.rows.map(toMember);
}

export async function listMembers(accountId: string) {
  return (await findMembers(accountId)).map(memberView);
}
