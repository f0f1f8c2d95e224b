// PATCH and DELETE /account/members/{id}. The owner is the account itself: no
// role may change or remove them. Removing a member ends their sessions in
// this account in the same transaction, so their next request (or refresh)
// is refused; their own account is untouched.
import { and, eq } from "drizzle-orm";
import type { ClientInfo } from "@/shared/api/client-info";
import type { MemberRole } from "@/shared/schemas/teams";
import { db, type Executor } from "@/server/db/client";
import { accountMembers, accounts } from "@/server/db/schema";
import { endSessionsInAccount } from "@/server/services/sessions/end-sessions-in-account";
import { AppError } from "@/server/errors";
import { recordActivity } from "@/server/services/activity/record-activity";
import type { AuthContext } from "@/server/services/auth/authenticate-bearer";
import { assertMayGrant } from "./assert-may-grant";
import { findMembers } from "./list-members";
import { memberView } from "./team-views";

const notFound = () => new AppError("not_found", "No member with this id in this account.");

/** The membership and its person, or 404; the owner's id is refused with 403. */
async function findMembership(tx: Executor, accountId: string, memberId: string) {
  if (memberId === accountId)
    throw new AppError("forbidden", "The owner is the account itself: their role cannot change and they cannot be removed.");
  const [row] = await tx
    .select({ membership: accountMembers, email: accounts.email })
    .from(accountMembers)
    .innerJoin(accounts, eq(accounts.id, accountMembers.memberAccountId))
    .where(and(eq(accountMembers.id, memberId), eq(accountMembers.accountId, accountId)))
    .for("update", { of: accountMembers })
    .limit(1);
  if (!row) throw notFound();
  return row;
}

export async function changeMemberRole(auth: AuthContext, memberId: string, role: MemberRole, client: ClientInfo) {
  assertMayGrant(auth.role, role);
  return db().transaction(async (tx) => {
    const { membership, email } = await findMembership(tx, auth.accountId, memberId);
    // Nobody changes someone whose role is above their own.
    assertMayGrant(auth.role, membership.role);
    if (membership.role !== role) {
      await tx.update(accountMembers).set({ role }).where(eq(accountMembers.id, membership.id));
      await recordActivity(
        {
          accountId: auth.accountId,
          type: "team.member_role_changed",
          description: `Changed ${email} from ${membership.role} to ${role}`,
          ip: client.ip,
          userAgent: client.userAgent,
          metadata: { memberId, from: membership.role, to: role },
        },
        tx,
      );
    }
    const [member] = await findMembers(auth.accountId, memberId, tx);
    return memberView(member!);
  });
}

export async function removeMember(auth: AuthContext, memberId: string, client: ClientInfo): Promise<null> {
  await db().transaction(async (tx) => {
    const { membership, email } = await findMembership(tx, auth.accountId, memberId);
    assertMayGrant(auth.role, membership.role);
    await tx.delete(accountMembers).where(eq(accountMembers.id, membership.id));
    await endSessionsInAccount(tx, membership.memberAccountId, auth.accountId, "member_removed");
    await recordActivity(
      {
        accountId: auth.accountId,
        type: "team.member_removed",
        description: `Removed ${email} (${membership.role})`,
        ip: client.ip,
        userAgent: client.userAgent,
        metadata: { memberId, memberAccountId: membership.memberAccountId },
      },
      tx,
    );
  });
  return null;
}
