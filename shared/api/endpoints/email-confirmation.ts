import { z } from "zod";
import { accountSchema } from "@/shared/schemas/account";
import { confirmEmailBody } from "@/shared/schemas/email-confirmation";
import { emptyBody } from "@/shared/schemas/two-factor";
import { defineEndpoint } from "../endpoint";

export const sendEmailConfirmation = defineEndpoint({
  method: "POST",
  path: "/account/email/confirmation",
  operationId: "sendEmailConfirmation",
  access: "personal",
  summary: "Email a code that confirms the account's address",
  description:
    "Signing up does not prove the address; an emailed sign-in code or link, a password reset, or this code does. A proven address is needed for the test sender (`GET /sending/test-sender`). The code works once, for 10 minutes; codes count against the same per-email limit as sign-in codes and links. An address already confirmed answers 409 `conflict`.",
  tag: "Account",
  auth: "bearer",
  body: emptyBody,
  emptyBodyAllowed: true,
  response: z.null(),
  message: "We emailed you a code",
  errors: ["conflict"],
});

export const confirmEmail = defineEndpoint({
  method: "POST",
  path: "/account/email/confirm",
  operationId: "confirmEmail",
  access: "personal",
  summary: "Confirm the account's address with the emailed code",
  description: "The fifth wrong try kills the code. Verification is limited to 30 per 15 minutes per IP.",
  tag: "Account",
  auth: "bearer",
  rateLimit: { perIp: "verificationsPerIp" },
  body: confirmEmailBody,
  response: accountSchema,
  message: "Email address confirmed",
  errors: ["invalid_or_expired_code"],
});
