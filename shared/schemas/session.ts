import { z } from "zod";

export const sessionSchema = z
  .object({
    session_id: z.string(),
    isCurrent: z.boolean(),
    createdAt: z.iso.datetime(),
    lastActiveAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
    ipAddress: z.string().nullable(),
    userAgent: z.string().nullable(),
    signInMethod: z.string(),
  })
  .meta({ id: "Session" });

export const sessionIdParams = z.object({ session_id: z.string() });

export const revokeAllBody = z.strictObject({ confirm: z.boolean().optional() }).meta({ id: "RevokeAllSessionsRequest" });

export const revokedCountSchema = z.object({ revoked: z.number().int() }).meta({ id: "RevokedCount" });
