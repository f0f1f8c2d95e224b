// The accounts a signed-in person may act in (docs/teams.md): their own, and
// every team that made them a member. Switching ends the current session and
// opens one acting in the chosen account; the sign-in's age and lifetime
// carry over, so switching never refreshes a proof of identity.
import { and, asc, eq, isNull } from "drizzle-orm";
import type { z } from "zod";
import type { ClientInfo } from "@/shared/api/client-info";
import type { AuthPayload } from "@/shared/schemas/auth";
import type { accountMembershipSchema } from "@/shared/schemas/teams";
import { now } from "@/server/clock";
import { db } from "@/server/db/client";
import { accountMembers, accounts, sessions } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { recordActivity } from "@/server/services/activity/record-activity";
import { type AuthContext, endedSession } from "@/server/services/auth/authenticate-bearer";
import { openSession, type SignInMethod } from "@/server/services/auth/start-session";
import { endSessionsInAccount } from "@/server/services/sessions/end-sessions-in-account";

type Account = typeof accounts.$inferSelect;

const notAMember = () => new AppError("not_found", "You are not a member of this account.");

export async function listMemberships(person: Account): Promise<z.input<typeof accountMembershipSchema>[]> {
  const teams = await db()
    .select({ accountId: accounts.id, name: accounts.name, email: accounts.email, role: accountMembers.role })
    .from(accountMembers)
    .innerJoin(accounts, eq(accounts.id, accountMembers.accountId))
    .where(eq(accountMembers.memberAccountId, person.id))
    .orderBy(asc(accountMembers.createdAt), asc(accountMembers.id));
  return [{ accountId: person.id, name: person.name, email: person.email, role: "owner" }, ...teams];
}

/** The team account and the person's membership there, or 404. */
async function findTeam(personId: string, accountId: string) {
  const [row] = await db()
    .select({ account: accounts, role: accountMembers.role })
    .from(accountMembers)
    .innerJoin(accounts, eq(accounts.id, accountMembers.accountId))
    .where(and(eq(accountMembers.accountId, accountId), eq(accountMembers.memberAccountId, personId)))
    .limit(1);
  if (!row) throw notAMember();
  return row;
}

export async function switchAccount(auth: AuthContext, accountId: string, client: ClientInfo): Promise<AuthPayload> {
  const person = auth.person;
  const actingAccountId = accountId === person.id ? null : accountId;
  if (actingAccountId) {
    const team = await findTeam(person.id, actingAccountId);
    if (team.account.requireTwoFactorForMembers && !person.twoFactorEnabled) {
      throw new AppError(
        "member_two_factor_required",
        "This account requires its members to use two-factor authentication. Turn it on in your own account's security settings, then switch again.",
      );
    }
  }
  const at = now();
  return db().transaction(async (tx) => {
    const [ended] = await tx
      .update(sessions)
      .set({ revokedAt: at, revokedReason: "switched_account" })
      .where(and(eq(sessions.id, auth.sessionId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    if (!ended) throw endedSession();
    const { payload } = await openSession(tx, {
      account: person,
      actingAccountId,
      method: auth.session.signInMethod as SignInMethod,
      client,
      at,
      authenticatedAt: auth.session.authenticatedAt,
      expiresAt: auth.session.expiresAt,
    });
    return payload;
  });
}

export async function leaveMembership(person: Account, accountId: string, client: ClientInfo): Promise<null> {
  if (accountId === person.id) {
    throw new AppError("conflict", "This is your own account: you own it and cannot leave it. You can delete it from Settings instead.");
  }
  await db().transaction(async (tx) => {
    const [left] = await tx
      .delete(accountMembers)
      .where(and(eq(accountMembers.accountId, accountId), eq(accountMembers.memberAccountId, person.id)))
      .returning({ id: accountMembers.id, role: accountMembers.role });
    if (!left) throw notAMember();
    await endSessionsInAccount(tx, person.id, accountId, "left_account");
    await recordActivity(
      {
        accountId,
        type: "team.member_left",
        description: `${person.email} left the account (${left.role})`,
        ip: client.ip,
        userAgent: client.userAgent,
        metadata: { memberId: left.id, memberAccountId: person.id },
      },
      tx,
    );
  });
  return null;
}
