import { z } from "zod";
import {
  addSuppressionBody,
  listSuppressionsQuery,
  suppressionEmailParams,
  suppressionPageSchema,
  suppressionSchema,
} from "@/shared/schemas/suppressions";
import { defineEndpoint } from "../endpoint";

export const listSuppressions = defineEndpoint({
  method: "GET",
  path: "/sending/suppressions",
  operationId: "listSuppressions",
  access: "sending:read",
  summary: "The account's suppressed addresses, newest first",
  description:
    "Hard bounces and complaints add addresses here; sends drop these recipients (each with a `suppressed` event) and a message with none left is `suppressed` and not charged. `email` narrows the list to addresses containing it. Readable with an API key of either scope.",
  tag: "Suppressions",
  auth: "bearer-or-api-key",
  apiKeyScope: "sending",
  query: listSuppressionsQuery,
  response: suppressionPageSchema,
  message: "OK",
});

export const addSuppression = defineEndpoint({
  method: "POST",
  path: "/sending/suppressions",
  operationId: "addSuppression",
  access: "sending:write",
  summary: "Suppress an address",
  description:
    "Adds the address with reason `manual`. Adding an address already listed is not an error: the answer is 201 with the entry as it was (its reason and message unchanged) and the message `Address already suppressed`. Needs an access token or an API key with scope `full`.",
  tag: "Suppressions",
  auth: "bearer-or-api-key",
  apiKeyScope: "full",
  body: addSuppressionBody,
  response: suppressionSchema,
  status: 201,
  message: "Address suppressed",
});

export const removeSuppression = defineEndpoint({
  method: "DELETE",
  path: "/sending/suppressions/{email}",
  operationId: "removeSuppression",
  access: "sending:write",
  summary: "Remove an address from the suppression list",
  description:
    "The address (URL-encoded, any case) receives mail again; a new hard bounce or complaint adds it back. 404 when the account has no such entry. Needs an access token or an API key with scope `full`.",
  tag: "Suppressions",
  auth: "bearer-or-api-key",
  apiKeyScope: "full",
  params: suppressionEmailParams,
  response: z.null(),
  message: "Address removed from the suppression list",
  errors: ["not_found"],
});
