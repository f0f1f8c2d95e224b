import { z } from "zod";
import { accountSchema } from "@/shared/schemas/account";
import { emptyBody } from "@/shared/schemas/two-factor";
import {
  activityPageSchema,
  changePasswordBody,
  deleteAccountBody,
  deletionScheduleSchema,
  profileBody,
  securityPreferencesBody,
  securityPreferencesSchema,
} from "@/shared/schemas/settings";
import { paginationQuery } from "@/shared/schemas/pagination";
import { defineEndpoint } from "../endpoint";

export const getProfile = defineEndpoint({
  method: "GET",
  path: "/account/profile",
  operationId: "getProfile",
  access: "settings:read",
  summary: "The account's profile",
  tag: "Account",
  auth: "bearer",
  response: accountSchema,
  message: "OK",
});

export const updateProfile = defineEndpoint({
  method: "PUT",
  path: "/account/profile",
  operationId: "updateProfile",
  access: "settings:write",
  summary: "Change the account's display name",
  description: "`name` is 1..100 characters after trimming.",
  tag: "Account",
  auth: "bearer",
  body: profileBody,
  response: accountSchema,
  message: "Profile updated",
});

export const changePassword = defineEndpoint({
  method: "PUT",
  path: "/account/password",
  operationId: "changePassword",
  access: "personal",
  summary: "Change the password",
  description:
    "Needs the current password (wrong → 401 `invalid_credentials`). The new one follows the registration rules and must differ from the current one. Every other session is signed out; a notification email is sent.",
  tag: "Account",
  auth: "bearer",
  rateLimit: { perIp: "verificationsPerIp" },
  body: changePasswordBody,
  response: z.null(),
  message: "Password changed. Other sessions were signed out.",
  errors: ["invalid_credentials"],
});

export const updateSecurityPreferences = defineEndpoint({
  method: "PUT",
  path: "/account/security-preferences",
  operationId: "updateSecurityPreferences",
  access: "settings:write",
  summary: "Set the idle timeout, new sign-in notifications and two-factor for members",
  description:
    "`sessionTimeoutMinutes` (5..43200) applies to existing sessions at once. `requireTwoFactorForMembers` refuses members without two-factor when they switch into the account. At least one field is required.",
  tag: "Account",
  auth: "bearer",
  body: securityPreferencesBody,
  response: securityPreferencesSchema,
  message: "Security preferences saved",
});

export const listActivity = defineEndpoint({
  method: "GET",
  path: "/account/activity",
  operationId: "listActivity",
  access: "settings:read",
  summary: "The account's activity log, newest first",
  tag: "Account",
  auth: "bearer",
  query: paginationQuery,
  response: activityPageSchema,
  message: "OK",
});

export const deleteAccount = defineEndpoint({
  method: "DELETE",
  path: "/account",
  operationId: "deleteAccount",
  access: "account:delete",
  summary: "Schedule the account's deletion",
  description:
    "Erasure happens 30 days later; every session is signed out and a confirmation is emailed. Needs a session that signed in within 15 minutes, or a valid two-factor `code` in the (otherwise optional) body. Signing in during the 30 days shows `deletionScheduledFor` and allows cancelling.",
  tag: "Account",
  auth: "bearer",
  body: deleteAccountBody,
  emptyBodyAllowed: true,
  response: deletionScheduleSchema,
  allowedWhileDeletionScheduled: true,
  message: "Account scheduled for deletion",
  errors: ["reauthentication_required", "invalid_two_factor_code"],
});

export const cancelAccountDeletion = defineEndpoint({
  method: "POST",
  path: "/account/deletion/cancel",
  operationId: "cancelAccountDeletion",
  access: "account:delete",
  summary: "Cancel a scheduled deletion",
  tag: "Account",
  auth: "bearer",
  body: emptyBody,
  emptyBodyAllowed: true,
  response: z.null(),
  allowedWhileDeletionScheduled: true,
  message: "Deletion canceled",
  errors: ["conflict"],
});
