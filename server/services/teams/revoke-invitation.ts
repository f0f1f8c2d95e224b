// DELETE /account/members/invitations/{id}: the link stops working at once.
// Another account's, an accepted or an already revoked invitation is 404.
import { and, eq, isNull } from "drizzle-orm";
import type { ClientInfo } from "@/shared/api/client-info";
import { now } from "@/server/clock";
import { db } from "@/server/db/client";
import { accountInvitations } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { recordActivity } from "@/server/services/activity/record-activity";

export async function revokeInvitation(accountId: string, invitationId: string, client: ClientInfo): Promise<null> {
  await db().transaction(async (tx) => {
    const [revoked] = await tx
      .update(accountInvitations)
      .set({ revokedAt: now() })
      .where(
        and(
          eq(accountInvitations.id, invitationId),
          eq(accountInvitations.accountId, accountId),
          isNull(accountInvitations.acceptedAt),
          isNull(accountInvitations.revokedAt),
        ),
      )
      .returning({ email: accountInvitations.email });
    if (!revoked) throw new AppError("not_found", "No pending invitation with this id.");
    await recordActivity(
      {
        accountId,
        type: "team.invitation_revoked",
        description: `Revoked the invitation of ${revoked.email}`,
        ip: client.ip,
        userAgent: client.userAgent,
        metadata: { invitationId },
      },
      tx,
    );
  });
  return null;
}
