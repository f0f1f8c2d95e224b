// POST /auth/otp/send, /auth/magic-link/send and /auth/password/forgot.
// The answer never says whether the account exists or may use the method;
// the per-email limit counts unknown emails exactly like known ones.
import { eq } from "drizzle-orm";
import { db } from "@/server/db/client";
import { accounts } from "@/server/db/schema";
import { queueEmail } from "@/server/notifications/queue-email";
import { magicLinkEmail, passwordResetEmail, signInCodeEmail } from "@/server/notifications/templates/auth-emails";
import { env } from "@/server/config/env";
import { type ActivityType, recordActivity } from "@/server/services/activity/record-activity";
import { issueCode, issueMagicLinkToken } from "@/server/services/codes/one-time-codes";
import { enforceRateLimit } from "@/server/services/rate-limit/consume-rate-limit";
import { policy } from "@/server/services/rate-limit/policies";
import type { ClientInfo } from "@/shared/api/client-info";

export type EmailedSecretKind = "sign_in_code" | "magic_link" | "password_reset";

type Account = typeof accounts.$inferSelect;

const flows: Record<EmailedSecretKind, { isAllowed: (account: Account) => boolean; activity: ActivityType; description: string }> = {
  sign_in_code: {
    isAllowed: (account) => account.otpLoginEnabled,
    activity: "auth.sign_in_code_sent",
    description: "A sign-in code was emailed",
  },
  magic_link: { isAllowed: () => true, activity: "auth.magic_link_sent", description: "A sign-in link was emailed" },
  password_reset: { isAllowed: () => true, activity: "account.password_reset_requested", description: "A password reset code was emailed" },
};

async function composeEmail(kind: EmailedSecretKind, account: Account, tx: Parameters<typeof issueCode>[0]) {
  if (kind === "magic_link") {
    const token = await issueMagicLinkToken(tx, account.id);
    return magicLinkEmail(account.email, `${env().appUrl}/auth/magic-link?token=${encodeURIComponent(token)}`);
  }
  const code = await issueCode(tx, account.id, kind);
  return kind === "sign_in_code" ? signInCodeEmail(account.email, code) : passwordResetEmail(account.email, code);
}

export async function sendEmailedSecret(kind: EmailedSecretKind, email: string, client: ClientInfo): Promise<void> {
  await enforceRateLimit(policy("emailedSecretsPerEmail"), email);
  const [account] = await db().select().from(accounts).where(eq(accounts.email, email)).limit(1);
  const flow = flows[kind];
  if (!account || !flow.isAllowed(account)) return;
  await db().transaction(async (tx) => {
    const message = await composeEmail(kind, account, tx);
    await recordActivity(
      { accountId: account.id, type: flow.activity, description: flow.description, ip: client.ip, userAgent: client.userAgent },
      tx,
    );
    // Queued in the same transaction: the email exists exactly when its code does.
    await queueEmail(message, tx);
  });
}
