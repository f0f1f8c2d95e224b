// The password form's schema: the API's body plus the repeated new password.
// Its own module, so the form fetches it (and zod) on the first submit.
import { z } from "zod";
import { changePasswordBody } from "@/shared/schemas/settings";

export const changePasswordForm = changePasswordBody
  .extend({ confirm_password: z.string().min(1, "Repeat the new password") })
  .refine((values) => values.new_password === values.confirm_password, {
    path: ["confirm_password"],
    message: "The two new passwords do not match",
  });
