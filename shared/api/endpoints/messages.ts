import { listMessagesQuery, messageDetailSchema, messageIdParams, messagePageSchema, sendMessageBody } from "@/shared/schemas/messages";
import { defineEndpoint } from "../endpoint";

export const sendMessage = defineEndpoint({
  method: "POST",
  path: "/sending/messages",
  operationId: "sendMessage",
  summary: "Send an email",
  description: [
    "Queues the message; the job queue delivers it through the account's default active SMTP relay, or the service's own transport when there is none, signed with the `from` domain's DKIM key. Follow its `status` (queued → sent or failed) and `events` with `GET /sending/messages/{message_id}`.",
    "`from` must be on a verified domain of the account (400 otherwise), or be the test sender (`GET /sending/test-sender`); a key restricted to one domain gets 403 for any other. Each message counts against the plan's monthly quota; past it, a pay-as-you-go credit pays for it, and with none left the answer is 402 `quota_exceeded`.",
    "Send an `Idempotency-Key` header to retry safely: for 24 hours the same key with the same body answers with the first message (header `Idempotent-Replayed: true`), and with another body 409 `idempotency_conflict`.",
    "Authenticate with an API key (scope `sending` or `full`) or an access token.",
  ].join("\n\n"),
  tag: "Messages",
  auth: "bearer-or-api-key",
  apiKeyScope: "sending",
  body: sendMessageBody,
  response: messageDetailSchema,
  status: 201,
  message: "Message queued",
  errors: ["quota_exceeded", "idempotency_conflict", "forbidden"],
});

export const listMessages = defineEndpoint({
  method: "GET",
  path: "/sending/messages",
  operationId: "listMessages",
  summary: "The account's messages, newest first",
  description: "Filter by `status`, `tag` (`name` or `name:value`) and `to` (any recipient containing it). A key restricted to one domain sees that domain's messages only.",
  tag: "Messages",
  auth: "bearer-or-api-key",
  apiKeyScope: "sending",
  query: listMessagesQuery,
  response: messagePageSchema,
  message: "OK",
});

export const getMessage = defineEndpoint({
  method: "GET",
  path: "/sending/messages/{message_id}",
  operationId: "getMessage",
  summary: "One message with its events",
  tag: "Messages",
  auth: "bearer-or-api-key",
  apiKeyScope: "sending",
  params: messageIdParams,
  response: messageDetailSchema,
  message: "OK",
  errors: ["not_found"],
});
