// The "Confirm it's you" form's schemas, in their own module so that the form
// fetches them (and zod) on its first submit, not with the page.
import { z } from "zod";
import { challengeBody } from "@/shared/schemas/two-factor";

export const passwordProof = z.object({ password: z.string().min(1, "Enter your password") });
export const codeProof = challengeBody.pick({ code: true });
