import { z } from "zod";
import {
  unsubscribeResultSchema,
  getMailboxMessageQuery,
  listMailboxMessagesQuery,
  mailboxMessageDetailSchema,
  mailboxMessageIdParams,
  mailboxMessagePageSchema,
  mailboxMessageParams,
  updateMailboxMessageBody,
  updatedMailboxMessageSchema,
} from "@/shared/schemas/mailbox-messages";
import { defineEndpoint } from "../endpoint";

const offline = "503 `mail_storage_offline` while the mail storage (Dovecot) cannot be reached.";

export const listMailboxMessages = defineEndpoint({
  method: "GET",
  path: "/mailboxes/{mailbox_id}/messages",
  operationId: "listMailboxMessages",
  access: "hosting:read",
  summary: "The messages in a mailbox's folder, newest first, with search",
  description:
    "Read as the service, whatever the mailbox's IMAP switch says. `folder` defaults to INBOX; an unknown one → 404. " +
    "Newest first by IMAP UID; pass `nextCursor` back as `cursor` for the next page (`page` still works for the first pages). " +
    "`q` searches from, to, subject and body; `unseen`, `flagged`, `hasAttachment`, `since` and `before` (dates, by arrival) narrow it. " +
    "`allFolders=true` searches every folder but Junk and Trash at once (with `q` or a filter; each item names its `folder`). " +
    "`pagination.total` counts every message that matches. A cursor from before the folder was recreated → 410 `cursor_expired`. " +
    offline,
  tag: "Mailboxes",
  auth: "bearer",
  params: mailboxMessageParams,
  query: listMailboxMessagesQuery,
  response: mailboxMessagePageSchema,
  message: "OK",
  errors: ["validation_error", "not_found", "cursor_expired", "mail_storage_offline"],
});

export const getMailboxMessage = defineEndpoint({
  method: "GET",
  path: "/mailboxes/{mailbox_id}/messages/{message_id}",
  operationId: "getMailboxMessage",
  access: "hosting:read",
  summary: "One message of a mailbox: headers, text, HTML, attachments",
  description: `In whichever folder it is; \`folder\`, where it was listed, is looked in first (a hint: the message is found wherever it is now). Marks the message as seen. \`html\` is the sender's HTML sanitized for display: still show it sandboxed. Attachments carry their content in base64. \`authenticationResults\` is what the service's MX found (SPF, DKIM, DMARC) when the message arrived. ${offline}`,
  tag: "Mailboxes",
  auth: "bearer",
  params: mailboxMessageIdParams,
  query: getMailboxMessageQuery,
  response: mailboxMessageDetailSchema,
  message: "OK",
  errors: ["not_found", "mail_storage_offline"],
});

export const deleteMailboxMessage = defineEndpoint({
  method: "DELETE",
  path: "/mailboxes/{mailbox_id}/messages/{message_id}",
  operationId: "deleteMailboxMessage",
  access: "hosting:write",
  summary: "Delete a message: to Trash, or from Trash for good",
  description: `Moves it to the Trash folder, its id unchanged; a message already in Trash is removed for good and the mailbox's storage used goes down. ${offline}`,
  tag: "Mailboxes",
  auth: "bearer",
  params: mailboxMessageIdParams,
  response: z.null(),
  message: "Message deleted",
  errors: ["not_found", "mail_storage_offline"],
});

export const updateMailboxMessage = defineEndpoint({
  method: "PATCH",
  path: "/mailboxes/{mailbox_id}/messages/{message_id}",
  operationId: "updateMailboxMessage",
  access: "hosting:write",
  summary: "Mark a message read or flagged, or move it to another folder",
  description: `\`seen\` and \`flagged\` set the IMAP flags; \`folder\` moves it there (an unknown folder → 404), and its id stays the same. Answers the message as it is now, with \`learned\`: a move into Junk teaches the spam filter "spam", out of Junk (not into Trash) "ham", when it has a learning backend; otherwise null, and the move happens all the same. ${offline}`,
  tag: "Mailboxes",
  auth: "bearer",
  params: mailboxMessageIdParams,
  body: updateMailboxMessageBody,
  response: updatedMailboxMessageSchema,
  message: "Message updated",
  errors: ["validation_error", "not_found", "mail_storage_offline"],
});

export const unsubscribeFromList = defineEndpoint({
  method: "POST",
  path: "/mailboxes/{mailbox_id}/messages/{message_id}/unsubscribe",
  operationId: "unsubscribeFromList",
  access: "hosting:write",
  summary: "Unsubscribe from the list a message came from",
  description: `Uses the message's \`unsubscribe\` option: a one-click link gets RFC 8058's POST from the service (only to a public address, its certificate verified; 502 \`unsubscribe_failed\` when the sender's server refuses it or cannot be reached), a mailto address gets an unsubscribe email from the mailbox, sent like any other (follow it by \`messageId\`). 409 \`conflict\` when the message names no way to unsubscribe. Recorded in the event feed as \`mailbox.unsubscribed\`. ${offline}`,
  tag: "Mailboxes",
  auth: "bearer",
  params: mailboxMessageIdParams,
  body: z.strictObject({}).meta({ id: "UnsubscribeFromListRequest" }),
  emptyBodyAllowed: true,
  response: unsubscribeResultSchema,
  status: 202,
  message: "Unsubscribe requested",
  errors: ["not_found", "conflict", "unsubscribe_failed", "mail_storage_offline"],
});
