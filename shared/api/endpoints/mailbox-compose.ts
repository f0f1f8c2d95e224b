import { SEND_BODY_LIMIT_BYTES } from "@/shared/schemas/message-attachments";
import {
  mailboxDraftBody,
  mailboxDraftParams,
  mailboxDraftSchema,
  mailboxSendBody,
  mailboxSendParams,
  mailboxSentMessageSchema,
} from "@/shared/schemas/mailbox-compose";
import { idempotencyHeaders } from "@/shared/schemas/messages";
import { defineEndpoint } from "../endpoint";

const offline = "503 `mail_storage_offline` while the mail storage (Dovecot) cannot be reached.";
const access = { tag: "Mailboxes", auth: "bearer", bodyLimitBytes: SEND_BODY_LIMIT_BYTES } as const;

export const sendFromMailbox = defineEndpoint({
  ...access,
  method: "POST",
  path: "/mailboxes/{mailbox_id}/send",
  operationId: "sendFromMailbox",
  access: "hosting:write",
  summary: "Send a message from a mailbox: compose, reply, reply-all or forward",
  description: [
    "Sent through the sending pipeline as `POST /sending/messages` sends (suppression list, quota, DKIM, `Idempotency-Key`), from the mailbox's address or one of its aliases (`from`; any other address → 400). Answers the sending message (follow it with `GET /sending/messages/{id}`) and `sentCopyId`, its copy in the Sent folder, which the mailbox's message list shows with the message's status and each recipient's outcome.",
    "`inReplyTo` (a message id of this mailbox) threads the reply: `In-Reply-To` and `References` come from that message; for reply-all put its recipients in `to` and `cc`. `forwardOf` sends that message's attachments along, byte for byte. `draftId` names the draft it was written in, deleted once the message is sent (a message outside Drafts → 404). HTML without `text` gets a plain-text alternative. An unknown message id → 404.",
    `Attachments are base64, as for \`POST /sending/messages\`; the encoded message is at most 25 MB (413). ${offline}`,
  ].join("\n\n"),
  params: mailboxSendParams,
  headers: idempotencyHeaders,
  body: mailboxSendBody,
  response: mailboxSentMessageSchema,
  status: 201,
  message: "Message queued",
  errors: ["validation_error", "not_found", "quota_exceeded", "idempotency_conflict", "payload_too_large", "mail_storage_offline"],
});

export const saveMailboxDraft = defineEndpoint({
  ...access,
  method: "POST",
  path: "/mailboxes/{mailbox_id}/drafts",
  operationId: "saveMailboxDraft",
  access: "hosting:write",
  summary: "Save a draft in the mailbox's Drafts folder",
  description: `The fields of the send, none required. Stored in Drafts flagged \`\\Draft\`, where mail clients find it; read it with \`GET /mailboxes/{mailbox_id}/messages/{id}\` (its \`draft\` names the message it answers or forwards), delete it with \`DELETE\`, and send it with \`draftId\`. A mailbox over its quota → 409 \`mailbox_full\`. ${offline}`,
  params: mailboxSendParams,
  body: mailboxDraftBody,
  response: mailboxDraftSchema,
  status: 201,
  message: "Draft saved",
  errors: ["validation_error", "not_found", "payload_too_large", "mailbox_full", "mail_storage_offline"],
});

export const replaceMailboxDraft = defineEndpoint({
  ...access,
  method: "PUT",
  path: "/mailboxes/{mailbox_id}/drafts/{draft_id}",
  operationId: "replaceMailboxDraft",
  access: "hosting:write",
  summary: "Replace a draft with a new version",
  description: `Stores the new version, then deletes the old one for good, and answers the new version's id (IMAP has no way to change a stored message). A message outside Drafts → 404. ${offline}`,
  params: mailboxDraftParams,
  body: mailboxDraftBody,
  response: mailboxDraftSchema,
  message: "Draft saved",
  errors: ["validation_error", "not_found", "payload_too_large", "mailbox_full", "mail_storage_offline"],
});
