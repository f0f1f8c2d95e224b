import { z } from "zod";
import {
  listMailboxMessagesQuery,
  mailboxMessageDetailSchema,
  mailboxMessageIdParams,
  mailboxMessagePageSchema,
  mailboxMessageParams,
} from "@/shared/schemas/mailbox-messages";
import { defineEndpoint } from "../endpoint";

const offline = "503 `mail_storage_offline` while the mail storage (Dovecot) cannot be reached.";

export const listMailboxMessages = defineEndpoint({
  method: "GET",
  path: "/mailboxes/{mailbox_id}/messages",
  operationId: "listMailboxMessages",
  summary: "The messages in a mailbox's inbox, newest first",
  description: `Read as the service, whatever the mailbox's IMAP switch says. ${offline}`,
  tag: "Mailboxes",
  auth: "bearer",
  params: mailboxMessageParams,
  query: listMailboxMessagesQuery,
  response: mailboxMessagePageSchema,
  message: "OK",
  errors: ["not_found", "mail_storage_offline"],
});

export const getMailboxMessage = defineEndpoint({
  method: "GET",
  path: "/mailboxes/{mailbox_id}/messages/{message_id}",
  operationId: "getMailboxMessage",
  summary: "One message of a mailbox: headers, text, HTML, attachments",
  description: `Marks the message as seen. \`html\` is the sender's HTML as received: show it sandboxed. Attachments carry their content in base64. \`authenticationResults\` is what the service's MX found (SPF, DKIM, DMARC) when the message arrived. ${offline}`,
  tag: "Mailboxes",
  auth: "bearer",
  params: mailboxMessageIdParams,
  response: mailboxMessageDetailSchema,
  message: "OK",
  errors: ["not_found", "mail_storage_offline"],
});

export const deleteMailboxMessage = defineEndpoint({
  method: "DELETE",
  path: "/mailboxes/{mailbox_id}/messages/{message_id}",
  operationId: "deleteMailboxMessage",
  summary: "Delete a message from a mailbox",
  description: `Removes it for good (not to Trash); the mailbox's storage used goes down. ${offline}`,
  tag: "Mailboxes",
  auth: "bearer",
  params: mailboxMessageIdParams,
  response: z.null(),
  message: "Message deleted",
  errors: ["not_found", "mail_storage_offline"],
});
