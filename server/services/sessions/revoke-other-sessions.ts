import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { recordActivity } from "@/server/services/activity/record-activity";
import type { AuthContext } from "@/server/services/auth/authenticate-bearer";
import type { ClientInfo } from "@/shared/api/client-info";
import { revokeAccountSessions } from "@/server/services/sessions/revoke-account-sessions";

export async function revokeOtherSessions(auth: AuthContext, confirm: boolean | undefined, client: ClientInfo) {
  if (confirm === false) {
    throw new AppError("confirmation_required", 'Send { "confirm": true } to sign out every other session.');
  }
  return db().transaction(async (tx) => {
    const revoked = await revokeAccountSessions(tx, auth.accountId, "revoked_all", { except: auth.sessionId });
    await recordActivity(
      {
        accountId: auth.accountId,
        type: "session.revoked_all",
        description: `Signed out ${revoked.length} other session${revoked.length === 1 ? "" : "s"}`,
        ip: client.ip,
        userAgent: client.userAgent,
        metadata: { count: revoked.length },
      },
      tx,
    );
    return { revoked: revoked.length };
  });
}
