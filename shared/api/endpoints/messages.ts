import { SEND_BODY_LIMIT_BYTES } from "@/shared/schemas/message-attachments";
import { messageBatchSchema, sendMessageBatchBody } from "@/shared/schemas/message-batch";
import {
  cancelMessageBody,
  idempotencyHeaders,
  listMessagesQuery,
  messageDetailSchema,
  messageIdParams,
  messagePageSchema,
  rescheduleMessageBody,
  sendMessageBody,
} from "@/shared/schemas/messages";
import { defineEndpoint } from "../endpoint";

export const sendMessage = defineEndpoint({
  method: "POST",
  path: "/sending/messages",
  operationId: "sendMessage",
  access: "sending:write",
  summary: "Send an email",
  description: [
    "Queues the message; the job queue delivers it through the account's default active SMTP relay, or the service's own transport when there is none, signed with the `from` domain's DKIM key. Follow its `status` (queued → sent, bounced or failed) and `events` with `GET /sending/messages/{message_id}`. A recipient the next server refuses permanently (5xx) gets a `bounced` event and joins the suppression list; a temporary refusal (4xx) a `delivery_delayed` event and another try later. Recipients on the suppression list (`GET /sending/suppressions`) are dropped with a `suppressed` event; with none left the message is `suppressed`, never sent and not charged.",
    "`attachments` take base64 `content`; a `contentId` makes one inline (`cid:` in the HTML). The encoded message is at most 25 MB (413 `payload_too_large`); this endpoint reads request bodies up to 36 MiB. `scheduledAt` (at most 30 days ahead) holds the message as `scheduled` until then; `POST /sending/messages/{message_id}/cancel` stops it.",
    "`from` must be on a verified domain of the account (400 otherwise), or be the test sender (`GET /sending/test-sender`); a key restricted to one domain gets 403 for any other. Each message counts against the plan's monthly quota; past it, a pay-as-you-go credit pays for it, and with none left the answer is 402 `quota_exceeded`.",
    "`topicId` marks subscribed mail about one of the account's topics (`GET /sending/topics`; another id is 404 `not_found`): each recipient gets a copy with its own one-click `List-Unsubscribe` and `List-Unsubscribe-Post`, and a recipient who unsubscribed from the topic, or never subscribed to an `opt_in` one, is dropped with a `suppressed` event whose `detail.reason` is `unsubscribed`. Mail without a topic is transactional and never skipped for an unsubscribe.",
    "Send an `Idempotency-Key` header to retry safely: for 24 hours the same key with the same body answers with the first message (header `Idempotent-Replayed: true`), and with another body 409 `idempotency_conflict`.",
    "Authenticate with an API key (scope `sending` or `full`) or an access token.",
  ].join("\n\n"),
  tag: "Messages",
  auth: "bearer-or-api-key",
  apiKeyScope: "sending",
  headers: idempotencyHeaders,
  body: sendMessageBody,
  bodyLimitBytes: SEND_BODY_LIMIT_BYTES,
  response: messageDetailSchema,
  status: 201,
  message: "Message queued",
  errors: ["quota_exceeded", "idempotency_conflict", "forbidden", "not_found", "payload_too_large"],
});

export const sendMessageBatch = defineEndpoint({
  method: "POST",
  path: "/sending/messages/batch",
  operationId: "sendMessageBatch",
  access: "sending:write",
  summary: "Send up to 100 emails in one request",
  description: [
    "Each item is what `POST /sending/messages` takes. Validation is all or nothing: one invalid message (a path like `messages.3.to`) or one `from` outside the account's verified domains refuses the whole batch with 400 and creates nothing. Answers the messages in the request's order.",
    "Each message counts against the quota once; a batch that does not fit in what is left of the quota and credits is refused whole (402 `quota_exceeded`). One `Idempotency-Key` covers the batch. The request body is at most 36 MiB; each encoded message at most 25 MB.",
  ].join("\n\n"),
  tag: "Messages",
  auth: "bearer-or-api-key",
  apiKeyScope: "sending",
  headers: idempotencyHeaders,
  body: sendMessageBatchBody,
  bodyLimitBytes: SEND_BODY_LIMIT_BYTES,
  response: messageBatchSchema,
  status: 201,
  message: "Messages queued",
  errors: ["quota_exceeded", "idempotency_conflict", "forbidden", "not_found", "payload_too_large"],
});

export const cancelMessage = defineEndpoint({
  method: "POST",
  path: "/sending/messages/{message_id}/cancel",
  operationId: "cancelMessage",
  access: "sending:write",
  summary: "Cancel a scheduled message",
  description:
    "Only a message still `scheduled` can be canceled (409 `not_cancelable` once it is queued or later). Its quota charge (or credit) is given back.",
  tag: "Messages",
  auth: "bearer-or-api-key",
  apiKeyScope: "sending",
  params: messageIdParams,
  emptyBodyAllowed: true,
  body: cancelMessageBody,
  response: messageDetailSchema,
  message: "Message canceled",
  errors: ["not_found", "not_cancelable"],
});

export const rescheduleMessage = defineEndpoint({
  method: "PATCH",
  path: "/sending/messages/{message_id}",
  operationId: "rescheduleMessage",
  access: "sending:write",
  summary: "Move a scheduled message to another time",
  description:
    "Only a message still `scheduled` can be moved (409 `not_scheduled` once it is queued or later). The new `scheduledAt` is in the future and at most 30 days ahead; the message gets another `scheduled` event with `detail.rescheduled`.",
  tag: "Messages",
  auth: "bearer-or-api-key",
  apiKeyScope: "sending",
  params: messageIdParams,
  body: rescheduleMessageBody,
  response: messageDetailSchema,
  message: "Message rescheduled",
  errors: ["not_found", "not_scheduled"],
});

export const listMessages = defineEndpoint({
  method: "GET",
  path: "/sending/messages",
  operationId: "listMessages",
  access: "sending:read",
  summary: "The account's messages, newest first",
  description:
    "Filter by `status`, `tag` (`name` or `name:value`), `to` (any recipient containing it), `search` (the subject or a recipient containing it) and the time it was created (`since`, inclusive, and `until`, exclusive: a bucket of `GET /sending/stats` is `since=<start>&until=<next start>`). A key restricted to one domain sees that domain's messages only.",
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
  access: "sending:read",
  summary: "One message with its events",
  tag: "Messages",
  auth: "bearer-or-api-key",
  apiKeyScope: "sending",
  params: messageIdParams,
  response: messageDetailSchema,
  message: "OK",
  errors: ["not_found"],
});
