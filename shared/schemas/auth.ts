import { z } from "zod";
import { accountSchema, emailSchema, newPasswordSchema, planIdSchema, usernameSchema } from "./account";

export const registerBody = z
  .strictObject({
    email: emailSchema,
    password: newPasswordSchema,
    username: usernameSchema.optional(),
    planId: planIdSchema.optional(),
  })
  .meta({ id: "RegisterRequest" });

/** Login only needs non-empty strings: length rules apply when a password is set, not checked. */
export const loginBody = z
  .strictObject({
    email: z.string().trim().toLowerCase().min(1, "Email is required").max(254),
    password: z.string().min(1, "Password is required").max(1024),
    totp_code: z.string().max(64).optional(),
  })
  .meta({ id: "LoginRequest" });

export const refreshTokenBody = z
  .strictObject({ refreshToken: z.string().min(1, "refreshToken is required").max(512) })
  .meta({ id: "RefreshTokenRequest" });

export const authPayloadSchema = z
  .object({
    accessToken: z.string(),
    refreshToken: z.string(),
    tokenType: z.literal("Bearer"),
    expiresIn: z.number().int().describe("Seconds until the access token expires"),
    user: accountSchema,
  })
  .meta({ id: "AuthPayload" });

export type AuthPayload = z.infer<typeof authPayloadSchema>;

export const emailOnlyBody = z.strictObject({ email: emailSchema }).meta({ id: "EmailRequest" });

const sixDigitCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, "Enter the 6-digit code from the email");

export const verifyCodeBody = z.strictObject({ email: emailSchema, code: sixDigitCode }).meta({ id: "VerifyCodeRequest" });

export const magicLinkQuery = z.object({ token: z.string().min(1, "token is required").max(256) });

export const resetPasswordBody = z
  .strictObject({ email: emailSchema, otp_code: sixDigitCode, new_password: newPasswordSchema })
  .meta({ id: "ResetPasswordRequest" });

export const otpLoginBody = z.strictObject({ enabled: z.boolean() }).meta({ id: "OtpLoginRequest" });
export const otpLoginStatus = z.object({ otpLoginEnabled: z.boolean() }).meta({ id: "OtpLoginStatus" });
