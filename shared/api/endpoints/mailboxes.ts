import { z } from "zod";
import { createMailboxBody, mailboxIdParams, mailboxSchema, updateMailboxBody } from "@/shared/schemas/mailboxes";
import { mailClientSettingsSchema } from "@/shared/schemas/mail-client-settings";
import { defineEndpoint } from "../endpoint";

// Managed by a signed-in session or an API key with the `full` scope (not restricted to a domain), like domains.
const access = { tag: "Mailboxes", auth: "bearer-or-api-key", apiKeyScope: "full" } as const;

export const listMailboxes = defineEndpoint({
  ...access,
  method: "GET",
  path: "/mailboxes",
  operationId: "listMailboxes",
  access: "hosting:read",
  summary: "List the account's mailboxes",
  description: "Every mailbox of the account, by address. Passwords are never returned.",
  response: z.array(mailboxSchema),
  message: "OK",
});

export const createMailbox = defineEndpoint({
  ...access,
  method: "POST",
  path: "/mailboxes",
  operationId: "createMailbox",
  access: "hosting:write",
  summary: "Create a mailbox",
  description:
    "The address's domain must be one of the account's domains with its ownership record verified (sending verification is not needed). " +
    "`password` follows the account password rules and is never returned. `quotaMb` defaults to the plan's default quota per mailbox. " +
    "Past the plan's number of mailboxes or its largest quota → 409 `plan_limit`; an address a mailbox or alias already has → 409 `address_taken`.",
  rateLimit: { perIp: "mailboxPasswordsPerIp" },
  body: createMailboxBody,
  response: mailboxSchema,
  status: 201,
  message: "Mailbox created",
  errors: ["validation_error", "plan_limit", "address_taken"],
});

export const getMailClientSettings = defineEndpoint({
  ...access,
  method: "GET",
  path: "/mailboxes/client-settings",
  operationId: "getMailClientSettings",
  access: "hosting:read",
  summary: "Mail client settings",
  description:
    "The IMAP, POP3 and SMTP servers a mail client connects to. The username is the mailbox's full address; the password is the mailbox's password or an app password allowing that protocol.",
  response: mailClientSettingsSchema,
  message: "OK",
});

export const getMailbox = defineEndpoint({
  ...access,
  method: "GET",
  path: "/mailboxes/{mailbox_id}",
  operationId: "getMailbox",
  access: "hosting:read",
  summary: "Get a mailbox",
  params: mailboxIdParams,
  response: mailboxSchema,
  message: "OK",
  errors: ["not_found"],
});

export const updateMailbox = defineEndpoint({
  ...access,
  method: "PATCH",
  path: "/mailboxes/{mailbox_id}",
  operationId: "updateMailbox",
  access: "hosting:write",
  summary: "Change a mailbox",
  description:
    "Only the fields sent change. A new `password` replaces the old one at once (app passwords are kept). A protocol turned off refuses that protocol's logins. `quotaMb` above the plan's maximum → 409 `plan_limit`.",
  rateLimit: { perIp: "mailboxPasswordsPerIp" },
  params: mailboxIdParams,
  body: updateMailboxBody,
  response: mailboxSchema,
  message: "Mailbox updated",
  errors: ["not_found", "plan_limit"],
});

export const deleteMailbox = defineEndpoint({
  ...access,
  method: "DELETE",
  path: "/mailboxes/{mailbox_id}",
  operationId: "deleteMailbox",
  access: "hosting:write",
  summary: "Delete a mailbox",
  description:
    "Deletes the mailbox, its app passwords and its mail. Aliases stop delivering to it; an alias left without a destination is deleted too.",
  params: mailboxIdParams,
  response: z.null(),
  message: "Mailbox deleted",
  errors: ["not_found"],
});
