// GET /account/members/invitations: the pending ones, newest first.
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { now } from "@/server/clock";
import { db } from "@/server/db/client";
import { accountInvitations, accounts } from "@/server/db/schema";
import { invitationView } from "./team-views";

export async function listInvitations(accountId: string) {
  const rows = await db()
    .select({ invitation: accountInvitations, invitedByEmail: accounts.email })
    .from(accountInvitations)
    .leftJoin(accounts, eq(accounts.id, accountInvitations.invitedByAccountId))
    .where(
      and(
        eq(accountInvitations.accountId, accountId),
        isNull(accountInvitations.acceptedAt),
        isNull(accountInvitations.revokedAt),
        gt(accountInvitations.expiresAt, now()),
      ),
    )
    .orderBy(desc(accountInvitations.createdAt), desc(accountInvitations.id));
  return rows.map((row) => invitationView(row.invitation, row.invitedByEmail));
}
