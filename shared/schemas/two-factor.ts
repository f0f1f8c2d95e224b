import { z } from "zod";

const codeField = z.string().trim().min(6, "Enter the 6-digit code (or a recovery code)").max(32);

export const emptyBody = z.strictObject({}).meta({ id: "EmptyRequest" });

export const twoFactorSetup = z
  .object({
    provisioningUri: z.string().describe("otpauth:// URI for a QR code"),
    secret: z.string().describe("Base32 secret for manual entry"),
  })
  .meta({ id: "TwoFactorSetup" });

export const twoFactorCodeBody = z
  .strictObject({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app"),
  })
  .meta({ id: "TwoFactorCodeRequest" });

export const recoveryCodesSchema = z
  .object({ recoveryCodes: z.array(z.string()).describe("Shown once; each works once") })
  .meta({ id: "RecoveryCodes" });

export const disableTwoFactorBody = z.strictObject({ code: codeField.optional() }).meta({ id: "DisableTwoFactorRequest" });

export const challengeBody = z
  .strictObject({ challengeToken: z.string().min(1, "challengeToken is required").max(256), code: codeField })
  .meta({ id: "TwoFactorChallengeRequest" });

export const reauthenticateBody = z
  .strictObject({ password: z.string().min(1).max(1024).optional(), code: codeField.optional() })
  .refine((body) => (body.password === undefined) !== (body.code === undefined), {
    message: "Send exactly one of password or code",
    path: [],
  })
  .meta({ id: "ReauthenticateRequest" });

export const freshSessionSchema = z.object({ freshUntil: z.iso.datetime() }).meta({ id: "FreshSession" });
