import { z } from "zod";
import { createAliasBody, aliasIdParams, mailboxAliasSchema } from "@/shared/schemas/mailbox-aliases";
import {
  appPasswordIdParams,
  appPasswordSchema,
  createAppPasswordBody,
  createdAppPasswordSchema,
} from "@/shared/schemas/mailbox-app-passwords";
import { mailboxIdParams } from "@/shared/schemas/mailboxes";
import { defineEndpoint } from "../endpoint";

const access = { tag: "Mailboxes", auth: "bearer-or-api-key", apiKeyScope: "full" } as const;

export const createAppPassword = defineEndpoint({
  ...access,
  method: "POST",
  path: "/mailboxes/{mailbox_id}/app-passwords",
  operationId: "createAppPassword",
  access: "hosting:write",
  summary: "Create an app password",
  description:
    "A password for one mail client, allowed only for the `protocols` given (any of `imap`, `pop3`, `smtp`). The `secret` is in this answer only; only a hash is kept.",
  params: mailboxIdParams,
  body: createAppPasswordBody,
  response: createdAppPasswordSchema,
  status: 201,
  message: "App password created",
  errors: ["validation_error", "not_found"],
});

export const listAppPasswords = defineEndpoint({
  ...access,
  method: "GET",
  path: "/mailboxes/{mailbox_id}/app-passwords",
  operationId: "listAppPasswords",
  access: "hosting:read",
  summary: "List a mailbox's app passwords",
  description: "Oldest first, without their secrets.",
  params: mailboxIdParams,
  response: z.array(appPasswordSchema),
  message: "OK",
  errors: ["not_found"],
});

export const deleteAppPassword = defineEndpoint({
  ...access,
  method: "DELETE",
  path: "/mailboxes/{mailbox_id}/app-passwords/{app_password_id}",
  operationId: "deleteAppPassword",
  access: "hosting:write",
  summary: "Delete an app password",
  description: "Mail clients using it can no longer log in.",
  params: appPasswordIdParams,
  response: z.null(),
  message: "App password deleted",
  errors: ["not_found"],
});

export const createMailboxAlias = defineEndpoint({
  ...access,
  method: "POST",
  path: "/mailboxes/aliases",
  operationId: "createMailboxAlias",
  access: "hosting:write",
  summary: "Create an alias or catch-all",
  description:
    "Mail to `address` is delivered to each of `destinations` (the account's mailbox addresses). `*@domain` is the domain's catch-all: it takes mail for every address of the domain no mailbox or alias has. " +
    "The domain must be one of the account's with its ownership record verified; an address a mailbox or alias already has → 409 `address_taken`.",
  body: createAliasBody,
  response: mailboxAliasSchema,
  status: 201,
  message: "Alias created",
  errors: ["validation_error", "address_taken"],
});

export const listMailboxAliases = defineEndpoint({
  ...access,
  method: "GET",
  path: "/mailboxes/aliases",
  operationId: "listMailboxAliases",
  access: "hosting:read",
  summary: "List the account's aliases",
  description: "Aliases and catch-alls, by address.",
  response: z.array(mailboxAliasSchema),
  message: "OK",
});

export const deleteMailboxAlias = defineEndpoint({
  ...access,
  method: "DELETE",
  path: "/mailboxes/aliases/{alias_id}",
  operationId: "deleteMailboxAlias",
  access: "hosting:write",
  summary: "Delete an alias or catch-all",
  params: aliasIdParams,
  response: z.null(),
  message: "Alias deleted",
  errors: ["not_found"],
});
