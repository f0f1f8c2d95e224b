// POST /account/members/invitations: a single-use link, emailed in the same
// transaction that stores it (the email is queued, never lost or sent for an
// invitation that did not commit). Inviting an address again replaces its
// pending invitation, so only the newest link works.
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { MemberRole } from "@/shared/schemas/teams";
import { now } from "@/server/clock";
import { env } from "@/server/config/env";
import { db } from "@/server/db/client";
import { accountInvitations } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { newId } from "@/server/ids";
import { queueEmail } from "@/server/notifications/queue-email";
import { invitationEmail } from "@/server/notifications/templates/team-emails";
import { recordActivity } from "@/server/services/activity/record-activity";
import type { AuthContext } from "@/server/services/auth/authenticate-bearer";
import { enforceRateLimit } from "@/server/services/rate-limit/consume-rate-limit";
import { policy } from "@/server/services/rate-limit/policies";
import { INVITATION_TTL_MS, invitationLink, invitationTokenHash, newInvitationToken } from "./invitation-token";
import { invitationView } from "./team-views";
import { assertMayGrant } from "./assert-may-grant";
import type { ClientInfo } from "@/shared/api/client-info";

/** Whether the address is already the owner or a member of the account. */
async function isInAccount(accountId: string, email: string): Promise<boolean> {
  const result = await db().execute<{ found: boolean }>(sql`
    select exists(select 1 from accounts where id = ${accountId} and email = ${email})
        or exists(select 1 from account_members m join accounts a on a.id = m.member_account_id
                   where m.account_id = ${accountId} and a.email = ${email}) as found`);
  return result.rows[0]?.found === true;
}

export async function inviteMember(auth: AuthContext, input: { email: string; role: MemberRole }, client: ClientInfo) {
  assertMayGrant(auth.role, input.role);
  // Counted before any work: each invitation emails someone outside the account.
  await enforceRateLimit(policy("invitationsPerAccount"), auth.accountId);
  await enforceRateLimit(policy("invitationsPerEmail"), input.email);
  if (await isInAccount(auth.accountId, input.email)) {
    throw new AppError("already_member", `${input.email} is already in this account.`);
  }
  const at = now();
  const token = newInvitationToken();
  const row = {
    id: newId("invite"),
    accountId: auth.accountId,
    email: input.email,
    role: input.role,
    tokenHash: invitationTokenHash(token),
    invitedByAccountId: auth.actor.id,
    createdAt: at,
    expiresAt: new Date(at.getTime() + INVITATION_TTL_MS),
  };
  await db().transaction(async (tx) => {
    await tx
      .update(accountInvitations)
      .set({ revokedAt: at })
      .where(
        and(
          eq(accountInvitations.accountId, auth.accountId),
          eq(accountInvitations.email, input.email),
          isNull(accountInvitations.acceptedAt),
          isNull(accountInvitations.revokedAt),
          gt(accountInvitations.expiresAt, at),
        ),
      );
    await tx.insert(accountInvitations).values(row);
    const accountLabel = auth.account.name ?? auth.account.email;
    await queueEmail(
      invitationEmail(input.email, {
        accountLabel,
        invitedBy: auth.actor.email,
        role: input.role,
        link: invitationLink(env().appUrl, token),
        expiresAt: row.expiresAt,
      }),
      tx,
    );
    await recordActivity(
      {
        accountId: auth.accountId,
        type: "team.invitation_sent",
        description: `Invited ${input.email} as ${input.role}`,
        ip: client.ip,
        userAgent: client.userAgent,
        metadata: { invitationId: row.id, email: input.email, role: input.role },
      },
      tx,
    );
  });
  return invitationView(row, auth.actor.email);
}
