// Confirming the account's email address from a signed-in session: a code is
// emailed, and entering it proves the address (as signing in with an emailed
// code or link, or resetting the password, does).
import { z } from "zod";

export const confirmEmailBody = z
  .strictObject({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, "Enter the 6-digit code from the email"),
  })
  .meta({ id: "ConfirmEmailRequest" });
