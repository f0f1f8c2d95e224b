// The deletion dialog's "Confirm it's you" schemas, in their own module so the
// form fetches them (and zod) on its first submit, not with /settings.
import { z } from "zod";

export const proofSchemas = {
  password: z.strictObject({ password: z.string().min(1, "Enter your password").max(1024) }),
  code: z.strictObject({
    code: z.string().trim().min(6, "Enter the 6-digit code from your authenticator app, or a recovery code").max(32),
  }),
};
