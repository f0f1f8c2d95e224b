// POST /auth/register: a new account on the free plan (the plan asked for is
// kept for onboarding), signed in at once.
import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { registerBody } from "@/shared/schemas/auth";
import { db } from "@/server/db/client";
import { accounts } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { newId } from "@/server/ids";
import { hashPassword, isCommonPassword } from "@/server/security/password";
import { recordActivity } from "@/server/services/activity/record-activity";
import { startSession } from "./start-session";
import type { ClientInfo } from "@/shared/api/client-info";

export const commonPasswordError = (path: string) =>
  new AppError("validation_error", "This password is too common. Choose one that is harder to guess.", {
    errors: [{ path, message: "This password is too common" }],
  });

async function assertAvailable(email: string, username: string | undefined) {
  const [emailTaken] = await db().select({ id: accounts.id }).from(accounts).where(eq(accounts.email, email)).limit(1);
  if (emailTaken) throw new AppError("email_taken", "An account with this email already exists.");
  if (username) {
    const [usernameTaken] = await db()
      .select({ id: accounts.id })
      .from(accounts)
      .where(sql`lower(${accounts.username}) = lower(${username})`)
      .limit(1);
    if (usernameTaken) throw new AppError("username_taken", "This username is taken.");
  }
}

/** Two registrations racing for one email or username: the unique index decides. */
function conflictFromUniqueViolation(error: unknown): AppError | undefined {
  const constraint = (error as { cause?: { constraint?: string } }).cause?.constraint;
  if (constraint === "accounts_email_key") return new AppError("email_taken", "An account with this email already exists.");
  if (constraint === "accounts_username_key") return new AppError("username_taken", "This username is taken.");
  return undefined;
}

export async function registerAccount(input: z.output<typeof registerBody>, client: ClientInfo) {
  if (isCommonPassword(input.password)) throw commonPasswordError("password");
  await assertAvailable(input.email, input.username);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db().transaction(async (tx) => {
      const [account] = await tx
        .insert(accounts)
        .values({
          id: newId("acc"),
          email: input.email,
          username: input.username ?? null,
          passwordHash,
          planId: "free",
          requestedPlanId: input.planId ?? null,
        })
        .returning();
      await recordActivity(
        { accountId: account!.id, type: "account.created", description: "Account created", ip: client.ip, userAgent: client.userAgent },
        tx,
      );
      return startSession(tx, account!, "password", client);
    });
  } catch (error) {
    throw conflictFromUniqueViolation(error) ?? error;
  }
}
