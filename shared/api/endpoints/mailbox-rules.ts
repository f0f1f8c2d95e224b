import { SIEVE_LIMITS } from "@/shared/mailbox-rules-limits";
import { mailboxRulesBody, mailboxRulesSchema } from "@/shared/schemas/mailbox-rules";
import { mailboxIdParams } from "@/shared/schemas/mailboxes";
import { defineEndpoint } from "../endpoint";

const access = { tag: "Mailboxes", auth: "bearer-or-api-key", apiKeyScope: "full" } as const;

export const getMailboxRules = defineEndpoint({
  ...access,
  method: "GET",
  path: "/mailboxes/{mailbox_id}/rules",
  operationId: "getMailboxRules",
  access: "hosting:read",
  summary: "Get a mailbox's rules",
  description:
    "Filters, forwarding and the vacation reply, with the Sieve script they compile to. `source` is `custom` when a script uploaded over ManageSieve is in force instead.",
  params: mailboxIdParams,
  response: mailboxRulesSchema,
  message: "OK",
  errors: ["not_found"],
});

export const putMailboxRules = defineEndpoint({
  ...access,
  method: "PUT",
  path: "/mailboxes/{mailbox_id}/rules",
  operationId: "putMailboxRules",
  access: "hosting:write",
  summary: "Replace a mailbox's rules",
  description:
    "Compiled to Sieve and checked by Dovecot's compiler before anything changes: a rule it refuses is 400 with the field's path, and the rules in force stay. " +
    `The script may be at most ${SIEVE_LIMITS.maxScriptBytes / 1024} KiB (400), and with the scripts uploaded over ManageSieve a mailbox keeps at most ${SIEVE_LIMITS.maxScripts} scripts and ${SIEVE_LIMITS.maxStorageBytes / 1024} KiB (409). ` +
    "Replaces a script uploaded over ManageSieve. Forwards and vacation replies never act on mail marked as spam.",
  params: mailboxIdParams,
  body: mailboxRulesBody,
  response: mailboxRulesSchema,
  message: "Rules saved",
  errors: ["validation_error", "not_found", "conflict", "mail_storage_offline"],
});
