// The plans an account can be on. Kept apart from the zod schemas
// (shared/schemas/account.ts) so the sign-up page can list them without zod.
export const planIds = ["free", "starter", "pro", "business", "enterprise", "custom", "payg"] as const;
