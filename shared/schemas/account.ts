import { z } from "zod";
import { planIds } from "@/shared/plan-ids";
import { roles } from "@/shared/api/access";

export { planIds };
export const planIdSchema = z.enum(planIds);

/** Trimmed and lower-cased: emails are case-insensitive everywhere. */
export const emailSchema = z.string().trim().toLowerCase().max(254, "Email is too long").pipe(z.email("Enter a valid email address"));

/** Length rules only; the service also refuses common passwords. */
export const newPasswordSchema = z
  .string()
  .min(12, "Password must be at least 12 characters")
  .max(128, "Password must be at most 128 characters");

export const usernameSchema = z
  .string()
  .trim()
  .min(3, "Username must be at least 3 characters")
  .max(32, "Username must be at most 32 characters")
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, "Use letters, digits, dot, dash or underscore");

const isoDate = z.iso.datetime();

export const accountSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    username: z.string().nullable(),
    name: z.string().nullable(),
    planId: planIdSchema,
    twoFactorEnabled: z.boolean(),
    otpLoginEnabled: z.boolean(),
    sessionTimeoutMinutes: z.number().int(),
    notifyNewSignin: z.boolean(),
    requireTwoFactorForMembers: z.boolean(),
    createdAt: isoDate,
    deletionScheduledFor: isoDate.nullable(),
  })
  .meta({ id: "Account" });

export type Account = z.infer<typeof accountSchema>;

/** `GET /auth/me`: the account the session acts in, who acts, and with which role (docs/teams.md). */
export const meSchema = accountSchema
  .extend({
    role: z.enum(roles).meta({ description: "The signed-in person's role in this account (`owner` in their own)." }),
    actor: z
      .object({ id: z.string(), email: z.string() })
      .meta({ description: "The signed-in person: the account itself, or a member acting in it." }),
  })
  .meta({ id: "Me" });
export type Me = z.infer<typeof meSchema>;
