import { testSenderSchema } from "@/shared/schemas/test-sender";
import { defineEndpoint } from "../endpoint";

export const getTestSender = defineEndpoint({
  method: "GET",
  path: "/sending/test-sender",
  operationId: "getTestSender",
  access: "sending:read",
  summary: "The test sender: send a first email without a domain",
  description: [
    "Every account may send with `POST /sending/messages` from the service's own address (`from` here) to its own email address (`to`), at most `dailyLimit` messages a UTC day, before it has a domain of its own. The message takes the ordinary path (quota, message log, delivery) and is DKIM-signed with the service's key.",
    "The address must be proven first: signing in once with an emailed code or link, or resetting the password, proves it. Until then, and for any other recipient, sending answers 403 `forbidden`; past the daily limit, 429 `rate_limited`. While a code from `POST /account/email/confirmation` is on its way, `emailConfirmationPendingUntil` says until when it works.",
  ].join("\n\n"),
  tag: "Messages",
  auth: "bearer-or-api-key",
  apiKeyScope: "sending",
  response: testSenderSchema,
  message: "OK",
});
