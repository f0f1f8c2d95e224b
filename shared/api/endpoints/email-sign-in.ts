import { z } from "zod";
import {
  authPayloadSchema,
  emailOnlyBody,
  magicLinkQuery,
  otpLoginBody,
  otpLoginStatus,
  resetPasswordBody,
  verifyCodeBody,
} from "@/shared/schemas/auth";
import { defineEndpoint } from "../endpoint";

const sameAnswer =
  "Answers the same 200 whether or not the account exists or may use this method. Limited to 5 per hour per email (otp/send, magic-link/send and password/forgot together) and 30 per hour per IP.";

export const sendSignInCode = defineEndpoint({
  method: "POST",
  path: "/auth/otp/send",
  operationId: "sendSignInCode",
  access: "public",
  summary: "Email a one-time sign-in code",
  description: `Sends a 6-digit code valid for 10 minutes when the account has code sign-in turned on. ${sameAnswer}`,
  tag: "Auth",
  auth: "none",
  rateLimit: { perIp: "emailedSecretsPerIp" },
  body: emailOnlyBody,
  response: z.null(),
  message: "If this account can sign in with a code, we have emailed one.",
});

export const verifySignInCode = defineEndpoint({
  method: "POST",
  path: "/auth/otp/verify",
  operationId: "verifySignInCode",
  access: "public",
  summary: "Sign in with an emailed code",
  description: "A code works once, for 10 minutes; the fifth wrong try kills it. Verification is limited to 30 per 15 minutes per IP.",
  tag: "Auth",
  auth: "none",
  rateLimit: { perIp: "verificationsPerIp" },
  body: verifyCodeBody,
  response: authPayloadSchema,
  message: "Signed in",
  errors: ["invalid_or_expired_code", "two_factor_required"],
});

export const sendMagicLink = defineEndpoint({
  method: "POST",
  path: "/auth/magic-link/send",
  operationId: "sendMagicLink",
  access: "public",
  summary: "Email a sign-in link",
  description: `The link opens the portal's /auth/magic-link page and works once, for 15 minutes. ${sameAnswer}`,
  tag: "Auth",
  auth: "none",
  rateLimit: { perIp: "emailedSecretsPerIp" },
  body: emailOnlyBody,
  response: z.null(),
  message: "If this account exists, we have emailed a sign-in link.",
});

export const verifyMagicLink = defineEndpoint({
  method: "GET",
  path: "/auth/magic-link/verify",
  operationId: "verifyMagicLink",
  access: "public",
  summary: "Sign in with an emailed link's token",
  description: "Single use. Verification is limited to 30 per 15 minutes per IP.",
  tag: "Auth",
  auth: "none",
  rateLimit: { perIp: "verificationsPerIp" },
  query: magicLinkQuery,
  response: authPayloadSchema,
  message: "Signed in",
  errors: ["invalid_or_expired_token", "two_factor_required"],
});

export const forgotPassword = defineEndpoint({
  method: "POST",
  path: "/auth/password/forgot",
  operationId: "forgotPassword",
  access: "public",
  summary: "Email a password reset code",
  description: `Sends a 6-digit code valid for 10 minutes. ${sameAnswer}`,
  tag: "Auth",
  auth: "none",
  rateLimit: { perIp: "emailedSecretsPerIp" },
  body: emailOnlyBody,
  response: z.null(),
  message: "If this account exists, we have emailed a reset code.",
});

export const resetPassword = defineEndpoint({
  method: "POST",
  path: "/auth/password/reset",
  operationId: "resetPassword",
  access: "public",
  summary: "Set a new password with an emailed reset code",
  description: "Signs the account out of every session.",
  tag: "Auth",
  auth: "none",
  rateLimit: { perIp: "verificationsPerIp" },
  body: resetPasswordBody,
  response: z.null(),
  message: "Password reset. Sign in with your new password.",
  errors: ["invalid_or_expired_code"],
});

export const setOtpLogin = defineEndpoint({
  method: "PUT",
  path: "/account/otp-login",
  operationId: "setOtpLogin",
  access: "personal",
  summary: "Turn sign-in with an emailed code on or off",
  description: "Turning it on needs a session that signed in within the last 15 minutes.",
  tag: "Account",
  auth: "bearer",
  body: otpLoginBody,
  response: otpLoginStatus,
  message: "Code sign-in preference saved",
  errors: ["reauthentication_required"],
});
