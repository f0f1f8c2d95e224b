// The "Confirm it's you" form's schemas (POST /auth/reauthenticate takes one
// of the two), in their own module so that the form fetches them (and zod) on
// its first submit, not with the page: /security and the deletion dialog on /settings.
import { z } from "zod";
import { challengeBody } from "@/shared/schemas/two-factor";

export const proofSchemas = {
  password: z.strictObject({ password: z.string().min(1, "Enter your password").max(1024) }),
  code: challengeBody.pick({ code: true }),
};
