import { z } from "zod";
import { authPayloadSchema } from "@/shared/schemas/auth";
import {
  challengeBody,
  disableTwoFactorBody,
  emptyBody,
  freshSessionSchema,
  reauthenticateBody,
  recoveryCodesSchema,
  twoFactorCodeBody,
  twoFactorSetup,
} from "@/shared/schemas/two-factor";
import { defineEndpoint } from "../endpoint";

export const setupTwoFactor = defineEndpoint({
  method: "POST",
  path: "/account/2fa/setup",
  operationId: "setupTwoFactor",
  access: "personal",
  summary: "Start two-factor setup",
  description:
    "Returns a new TOTP secret (SHA-1, 6 digits, 30 s) and its otpauth:// URI. Each call replaces the previous unconfirmed secret. Needs a session that signed in within 15 minutes.",
  tag: "Two-factor",
  auth: "bearer",
  body: emptyBody,
  emptyBodyAllowed: true,
  response: twoFactorSetup,
  message: "Scan the QR code, then confirm with a code",
  errors: ["already_enabled", "reauthentication_required"],
});

export const verifyTwoFactor = defineEndpoint({
  method: "POST",
  path: "/account/2fa/verify",
  operationId: "verifyTwoFactor",
  access: "personal",
  summary: "Confirm setup with a code and turn two-factor on",
  description: "Returns 10 one-time recovery codes, shown only here.",
  tag: "Two-factor",
  auth: "bearer",
  body: twoFactorCodeBody,
  response: recoveryCodesSchema,
  message: "Two-factor authentication is on",
  errors: ["no_pending_setup", "already_enabled", "invalid_two_factor_code"],
});

export const disableTwoFactor = defineEndpoint({
  method: "POST",
  path: "/account/2fa/disable",
  operationId: "disableTwoFactor",
  access: "personal",
  summary: "Turn two-factor off",
  description: "Needs a session that signed in within 15 minutes, or a valid `code` (TOTP or recovery).",
  tag: "Two-factor",
  auth: "bearer",
  body: disableTwoFactorBody,
  emptyBodyAllowed: true,
  response: z.null(),
  message: "Two-factor authentication is off",
  errors: ["not_enabled", "reauthentication_required", "invalid_two_factor_code"],
});

export const completeTwoFactorChallenge = defineEndpoint({
  method: "POST",
  path: "/auth/2fa/challenge",
  operationId: "completeTwoFactorChallenge",
  access: "public",
  summary: "Finish a sign-in with the second factor",
  description:
    "`challengeToken` comes from a 401 `two_factor_required` answer of any sign-in method; `code` is a TOTP or recovery code. A challenge works once, for 5 minutes, and dies after 5 wrong codes. 10 wrong codes in 15 minutes lock the account's second factor for 15 minutes (429).",
  tag: "Auth",
  auth: "none",
  rateLimit: { perIp: "verificationsPerIp" },
  body: challengeBody,
  response: authPayloadSchema,
  message: "Signed in",
  errors: ["invalid_two_factor_code", "invalid_or_expired_token"],
});

export const reauthenticate = defineEndpoint({
  method: "POST",
  path: "/auth/reauthenticate",
  operationId: "reauthenticate",
  access: "personal",
  summary: "Confirm identity to make the session fresh",
  description: "With the password, or a TOTP/recovery code when two-factor is on. Sensitive actions then work for 15 minutes.",
  tag: "Auth",
  auth: "bearer",
  rateLimit: { perIp: "verificationsPerIp" },
  body: reauthenticateBody,
  response: freshSessionSchema,
  message: "Identity confirmed",
  errors: ["invalid_credentials", "invalid_two_factor_code"],
});
