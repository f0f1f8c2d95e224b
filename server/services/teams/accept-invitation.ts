// POST /account/memberships/accept: the invitee, signed in as their own
// account with a confirmed address that is the invited one, joins with the
// invited role. Spending the token is one conditional UPDATE inside the
// transaction that adds the membership, so a link works exactly once even
// when two requests race.
import { and, eq, gt, isNull } from "drizzle-orm";
import type { ClientInfo } from "@/shared/api/client-info";
import { now } from "@/server/clock";
import { db } from "@/server/db/client";
import { accountInvitations, accountMembers, type accounts } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { newId } from "@/server/ids";
import { recordActivity } from "@/server/services/activity/record-activity";
import { invitationTokenHash } from "./invitation-token";

const invalidToken = () =>
  new AppError("invalid_token", "This invitation link is not valid: it was already used, revoked or has expired. Ask for a new one.");

type Person = typeof accounts.$inferSelect;

async function findLiveInvitation(tokenHash: string, at: Date) {
  const [invitation] = await db()
    .select()
    .from(accountInvitations)
    .where(
      and(
        eq(accountInvitations.tokenHash, tokenHash),
        isNull(accountInvitations.acceptedAt),
        isNull(accountInvitations.revokedAt),
        gt(accountInvitations.expiresAt, at),
      ),
    )
    .limit(1);
  return invitation;
}

function assertInvitee(person: Person, invitedEmail: string) {
  if (!person.emailVerifiedAt) {
    throw new AppError("forbidden", "Confirm your email address first: an invitation is accepted only by the address it was sent to.");
  }
  if (person.email !== invitedEmail) {
    throw new AppError("forbidden", "This invitation was sent to another email address. Sign in as that address to accept it.");
  }
}

export async function acceptInvitation(person: Person, token: string, client: ClientInfo) {
  const at = now();
  const tokenHash = invitationTokenHash(token);
  const invitation = await findLiveInvitation(tokenHash, at);
  if (!invitation) throw invalidToken();
  assertInvitee(person, invitation.email);
  if (invitation.accountId === person.id) throw new AppError("already_member", "You own this account.");
  return db().transaction(async (tx) => {
    const [spent] = await tx
      .update(accountInvitations)
      .set({ acceptedAt: at })
      .where(and(eq(accountInvitations.id, invitation.id), isNull(accountInvitations.acceptedAt), isNull(accountInvitations.revokedAt)))
      .returning({ id: accountInvitations.id });
    if (!spent) throw invalidToken();
    const [joined] = await tx
      .insert(accountMembers)
      .values({ id: newId("mem"), accountId: invitation.accountId, memberAccountId: person.id, role: invitation.role, createdAt: at })
      .onConflictDoNothing()
      .returning({ accountId: accountMembers.accountId, role: accountMembers.role });
    // Thrown inside the transaction, so the token is not spent either.
    if (!joined) throw new AppError("already_member", "You are already a member of this account.");
    await recordActivity(
      {
        accountId: invitation.accountId,
        type: "team.member_joined",
        description: `${person.email} joined as ${invitation.role}`,
        ip: client.ip,
        userAgent: client.userAgent,
        metadata: { invitationId: invitation.id, memberAccountId: person.id, role: invitation.role },
      },
      tx,
    );
    return joined;
  });
}
