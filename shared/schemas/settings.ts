import { z } from "zod";
import { newPasswordSchema } from "./account";
import { paginationSchema } from "./pagination";

export const profileBody = z
  .strictObject({ name: z.string().trim().min(1, "Name is required").max(100, "Name must be at most 100 characters") })
  .meta({ id: "UpdateProfileRequest" });

export const changePasswordBody = z
  .strictObject({ current_password: z.string().min(1, "Enter your current password").max(1024), new_password: newPasswordSchema })
  .meta({ id: "ChangePasswordRequest" });

export const securityPreferencesBody = z
  .strictObject({
    sessionTimeoutMinutes: z.number().int().min(5).max(43_200).optional(),
    notifyNewSignin: z.boolean().optional(),
    requireTwoFactorForMembers: z
      .boolean()
      .optional()
      .meta({ description: "Members without two-factor authentication are refused when they switch into the account." }),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: "Send at least one of sessionTimeoutMinutes, notifyNewSignin and requireTwoFactorForMembers",
    path: [],
  })
  .meta({ id: "SecurityPreferencesRequest" });

export const securityPreferencesSchema = z
  .object({ sessionTimeoutMinutes: z.number().int(), notifyNewSignin: z.boolean(), requireTwoFactorForMembers: z.boolean() })
  .meta({ id: "SecurityPreferences" });

export const activityItemSchema = z
  .object({
    id: z.string(),
    type: z.string(),
    description: z.string(),
    ipAddress: z.string().nullable(),
    userAgent: z.string().nullable(),
    /** Who acted: the signed-in person's email; null when nobody signed in did it (an API key, a payment, a delivery). */
    actorEmail: z.string().nullable().meta({ description: "The signed-in person who acted; null: an API key or the service." }),
    metadata: z.record(z.string(), z.unknown()),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "ActivityItem" });

export const activityPageSchema = z
  .object({ items: z.array(activityItemSchema), pagination: paginationSchema })
  .meta({ id: "ActivityPage" });

export const deleteAccountBody = z.strictObject({ code: z.string().trim().min(6).max(32).optional() }).meta({ id: "DeleteAccountRequest" });

export const deletionScheduleSchema = z.object({ deletionScheduledFor: z.iso.datetime() }).meta({ id: "DeletionSchedule" });
