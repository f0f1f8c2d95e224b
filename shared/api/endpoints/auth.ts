import { z } from "zod";
import { meSchema } from "@/shared/schemas/account";
import { authPayloadSchema, loginBody, refreshTokenBody, registerBody } from "@/shared/schemas/auth";
import { defineEndpoint } from "../endpoint";

export const register = defineEndpoint({
  method: "POST",
  path: "/auth/register",
  operationId: "register",
  access: "public",
  summary: "Create an account and sign in",
  description:
    "New accounts start on the free plan whatever `planId` says (the requested plan is kept for onboarding). Passwords are 12..128 characters and common passwords are refused. Limited to 10 per hour per IP.",
  tag: "Auth",
  auth: "none",
  rateLimit: { perIp: "register" },
  body: registerBody,
  response: authPayloadSchema,
  status: 201,
  message: "Account created",
  errors: ["email_taken", "username_taken"],
});

export const login = defineEndpoint({
  method: "POST",
  path: "/auth/login",
  operationId: "login",
  access: "public",
  summary: "Sign in with email and password",
  description:
    "Wrong email or password answer the same 401 `invalid_credentials`. After 10 failures in 15 minutes for one email from one IP, sign-in is blocked (429) until the window ends.",
  tag: "Auth",
  auth: "none",
  body: loginBody,
  response: authPayloadSchema,
  message: "Signed in",
  errors: ["invalid_credentials", "two_factor_required", "invalid_two_factor_code"],
});

export const refresh = defineEndpoint({
  method: "POST",
  path: "/auth/refresh",
  operationId: "refresh",
  access: "public",
  summary: "Exchange a refresh token for a new token pair",
  description:
    "Refresh tokens rotate on every use. The same token presented again within 10 seconds returns the same new pair; later, it signs the whole session out (401 `refresh_token_reused`).",
  tag: "Auth",
  auth: "none",
  body: refreshTokenBody,
  response: authPayloadSchema,
  message: "Tokens refreshed",
  errors: ["refresh_token_reused"],
});

export const logout = defineEndpoint({
  method: "POST",
  path: "/auth/logout",
  operationId: "logout",
  access: "public",
  summary: "Sign out the session of a refresh token",
  description: "Idempotent: an unknown or already revoked token also answers 200.",
  tag: "Auth",
  auth: "none",
  body: refreshTokenBody,
  response: z.null(),
  message: "Signed out",
});

export const getMe = defineEndpoint({
  method: "GET",
  path: "/auth/me",
  operationId: "getMe",
  access: "personal",
  summary: "The account the session acts in, who acts, and with which role",
  tag: "Auth",
  auth: "bearer",
  response: meSchema,
  message: "OK",
});
