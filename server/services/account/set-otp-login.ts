// PUT /account/otp-login: turn sign-in with an emailed code on or off.
// Turning it on is a sensitive action (a fresh session is required).
import { eq } from "drizzle-orm";
import { now } from "@/server/clock";
import { db } from "@/server/db/client";
import { accounts } from "@/server/db/schema";
import { recordActivity } from "@/server/services/activity/record-activity";
import type { AuthContext } from "@/server/services/auth/authenticate-bearer";
import { requireFreshSession } from "@/server/services/auth/require-fresh-session";
import type { ClientInfo } from "@/shared/api/client-info";

export async function setOtpLogin(auth: AuthContext, enabled: boolean, client: ClientInfo) {
  if (enabled && !auth.account.otpLoginEnabled) requireFreshSession(auth);
  await db().transaction(async (tx) => {
    await tx.update(accounts).set({ otpLoginEnabled: enabled, updatedAt: now() }).where(eq(accounts.id, auth.accountId));
    if (enabled !== auth.account.otpLoginEnabled) {
      await recordActivity(
        {
          accountId: auth.accountId,
          type: "security.otp_login_changed",
          description: enabled ? "Sign-in with an emailed code turned on" : "Sign-in with an emailed code turned off",
          ip: client.ip,
          userAgent: client.userAgent,
          metadata: { enabled },
        },
        tx,
      );
    }
  });
  return { otpLoginEnabled: enabled };
}
