import type { Account } from "@/shared/schemas/account";
import type { accounts } from "@/server/db/schema";

type AccountRow = typeof accounts.$inferSelect;

/** The account as the API returns it: never a hash, secret or token. */
export function accountView(row: AccountRow): Account {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    name: row.name,
    planId: row.planId as Account["planId"],
    twoFactorEnabled: row.twoFactorEnabled,
    otpLoginEnabled: row.otpLoginEnabled,
    sessionTimeoutMinutes: row.sessionTimeoutMinutes,
    notifyNewSignin: row.notifyNewSignin,
    requireTwoFactorForMembers: row.requireTwoFactorForMembers,
    createdAt: row.createdAt.toISOString(),
    deletionScheduledFor: row.deletionScheduledFor?.toISOString() ?? null,
  };
}
