import { z } from "zod";
import { folderBodySchema, mailboxFolderNameParams, mailboxFolderParams, mailboxFolderSchema } from "@/shared/schemas/mailbox-folders";
import { defineEndpoint } from "../endpoint";

const offline = "503 `mail_storage_offline` while the mail storage (Dovecot) cannot be reached.";
const access = { tag: "Mailboxes", auth: "bearer" } as const;

export const listMailboxFolders = defineEndpoint({
  ...access,
  method: "GET",
  path: "/mailboxes/{mailbox_id}/folders",
  operationId: "listMailboxFolders",
  access: "hosting:read",
  summary: "A mailbox's folders with their message and unread counts",
  description: `\`specialUse\` comes from the folder's IMAP special-use flag (inbox, drafts, sent, junk, trash, archive). ${offline}`,
  params: mailboxFolderParams,
  response: z.array(mailboxFolderSchema),
  message: "OK",
  errors: ["not_found", "mail_storage_offline"],
});

export const createMailboxFolder = defineEndpoint({
  ...access,
  method: "POST",
  path: "/mailboxes/{mailbox_id}/folders",
  operationId: "createMailboxFolder",
  access: "hosting:write",
  summary: "Create a folder",
  description: `\`/\` in the name nests it. A name already taken (in any case) → 409 \`conflict\`. ${offline}`,
  params: mailboxFolderParams,
  body: folderBodySchema,
  response: mailboxFolderSchema,
  status: 201,
  message: "Folder created",
  errors: ["validation_error", "not_found", "conflict", "mail_storage_offline"],
});

export const renameMailboxFolder = defineEndpoint({
  ...access,
  method: "PATCH",
  path: "/mailboxes/{mailbox_id}/folders/{folder}",
  operationId: "renameMailboxFolder",
  access: "hosting:write",
  summary: "Rename a folder",
  description: `\`{folder}\` is the URL-encoded folder name. The special folders → 409 \`folder_protected\`; a name already taken → 409 \`conflict\`. ${offline}`,
  params: mailboxFolderNameParams,
  body: folderBodySchema,
  response: mailboxFolderSchema,
  message: "Folder renamed",
  errors: ["validation_error", "not_found", "conflict", "folder_protected", "mail_storage_offline"],
});

export const deleteMailboxFolder = defineEndpoint({
  ...access,
  method: "DELETE",
  path: "/mailboxes/{mailbox_id}/folders/{folder}",
  operationId: "deleteMailboxFolder",
  access: "hosting:write",
  summary: "Delete a folder and the messages in it",
  description: `\`{folder}\` is the URL-encoded folder name. The special folders → 409 \`folder_protected\`. ${offline}`,
  params: mailboxFolderNameParams,
  response: z.null(),
  message: "Folder deleted",
  errors: ["not_found", "folder_protected", "mail_storage_offline"],
});
