import { mailboxIdParams } from "@/shared/schemas/mailboxes";
import {
  domainSpamListsSchema,
  mailboxSpamSettingsSchema,
  updateDomainSpamListsBody,
  updateMailboxSpamSettingsBody,
} from "@/shared/schemas/mailbox-spam";
import { domainIdParams } from "@/shared/schemas/sending-domain";
import { defineEndpoint } from "../endpoint";

const access = { tag: "Mailboxes", auth: "bearer-or-api-key", apiKeyScope: "full" } as const;

export const getMailboxSpamSettings = defineEndpoint({
  ...access,
  method: "GET",
  path: "/mailboxes/{mailbox_id}/spam",
  operationId: "getMailboxSpamSettings",
  access: "hosting:read",
  summary: "Get a mailbox's spam settings",
  description:
    "What the MX does with mail the spam filter scores as spam (`junk`: the Junk folder; `tag`: the inbox, marked `X-Spam: Yes`; `off`: not filtered), " +
    "and the senders always accepted (`allow`) or always refused (`block`). A mailbox never changed has `junk` and empty lists.",
  params: mailboxIdParams,
  response: mailboxSpamSettingsSchema,
  message: "OK",
  errors: ["not_found"],
});

export const updateMailboxSpamSettings = defineEndpoint({
  ...access,
  method: "PUT",
  path: "/mailboxes/{mailbox_id}/spam",
  operationId: "updateMailboxSpamSettings",
  access: "hosting:write",
  summary: "Replace a mailbox's spam settings",
  description:
    "Replaces all three settings (omitted ones take their defaults). `allow` and `block` hold addresses (`someone@example.com`) or domains written `@example.com`, " +
    "up to 500 each; matched against the envelope sender and the From address. A blocked sender's mail is refused with 550 5.7.1; an allowed one never goes to Junk.",
  params: mailboxIdParams,
  body: updateMailboxSpamSettingsBody,
  response: mailboxSpamSettingsSchema,
  message: "Spam settings saved",
  errors: ["not_found", "validation_error"],
});

export const getDomainSpamLists = defineEndpoint({
  ...access,
  method: "GET",
  path: "/mailboxes/domains/{domain_id}/spam",
  operationId: "getDomainSpamLists",
  access: "hosting:read",
  summary: "Get a domain's spam lists",
  description:
    "Senders always accepted (`allow`) or always refused (`block`) by every mailbox of the domain, aliases and catch-all included. " +
    "A mailbox's own lists are read first: a sender its own lists name is treated as they say, whatever the domain's lists hold. A domain never changed has empty lists.",
  params: domainIdParams,
  response: domainSpamListsSchema,
  message: "OK",
  errors: ["not_found"],
});

export const updateDomainSpamLists = defineEndpoint({
  ...access,
  method: "PUT",
  path: "/mailboxes/domains/{domain_id}/spam",
  operationId: "updateDomainSpamLists",
  access: "hosting:write",
  summary: "Replace a domain's spam lists",
  description:
    "Replaces both lists (an omitted one becomes empty). Entries are addresses (`someone@example.com`) or domains written `@example.com`, up to 500 each, " +
    "matched against the envelope sender and the From address for every mailbox of the domain that does not name the sender in its own lists.",
  params: domainIdParams,
  body: updateDomainSpamListsBody,
  response: domainSpamListsSchema,
  message: "Spam lists saved",
  errors: ["not_found", "validation_error"],
});
