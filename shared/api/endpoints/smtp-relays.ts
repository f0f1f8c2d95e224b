import { z } from "zod";
import { createSmtpRelayBody, smtpRelayIdParams, smtpRelaySchema, updateSmtpRelayBody } from "@/shared/schemas/smtp-relay";
import { emptyBody } from "@/shared/schemas/two-factor";
import { defineEndpoint } from "../endpoint";

export const listSmtpRelays = defineEndpoint({
  method: "GET",
  path: "/smtp-relays",
  operationId: "listSmtpRelays",
  access: "sending:read",
  summary: "List the account's SMTP relays",
  description: "Oldest first. Passwords are never returned; `hasPassword` says whether one is stored.",
  tag: "Relays",
  auth: "bearer",
  response: z.array(smtpRelaySchema),
  message: "OK",
});

export const createSmtpRelay = defineEndpoint({
  method: "POST",
  path: "/smtp-relays",
  operationId: "createSmtpRelay",
  access: "sending:write",
  summary: "Add an SMTP relay",
  description:
    "`name`, `smtp_host` and `smtp_port` are required; `smtp_username` and `smtp_password` go together. `encryption` defaults to `starttls`, `status` to `active`. The account's first relay becomes the default unless `is_default: false` is sent; `is_default: true` moves the default here. Answers 200 with the relay.",
  tag: "Relays",
  auth: "bearer",
  body: createSmtpRelayBody,
  response: smtpRelaySchema,
  message: "SMTP relay added",
});

export const getSmtpRelay = defineEndpoint({
  method: "GET",
  path: "/smtp-relays/{id}",
  operationId: "getSmtpRelay",
  access: "sending:read",
  summary: "One SMTP relay",
  tag: "Relays",
  auth: "bearer",
  params: smtpRelayIdParams,
  response: smtpRelaySchema,
  message: "OK",
  errors: ["not_found"],
});

export const updateSmtpRelay = defineEndpoint({
  method: "PATCH",
  path: "/smtp-relays/{id}",
  operationId: "updateSmtpRelay",
  access: "sending:write",
  summary: "Change an SMTP relay",
  description:
    "Only the fields sent change. Without `smtp_password` the stored password is kept. Changing the host, port, encryption or credentials clears the last test result.",
  tag: "Relays",
  auth: "bearer",
  params: smtpRelayIdParams,
  body: updateSmtpRelayBody,
  response: smtpRelaySchema,
  message: "SMTP relay updated",
  errors: ["not_found"],
});

export const deleteSmtpRelay = defineEndpoint({
  method: "DELETE",
  path: "/smtp-relays/{id}",
  operationId: "deleteSmtpRelay",
  access: "sending:write",
  summary: "Delete an SMTP relay",
  description: "Deleting the default relay makes the most recently added active relay the default (none if there is no active relay left).",
  tag: "Relays",
  auth: "bearer",
  params: smtpRelayIdParams,
  response: z.null(),
  message: "SMTP relay deleted",
  errors: ["not_found"],
});

export const testSmtpRelay = defineEndpoint({
  method: "POST",
  path: "/smtp-relays/{id}/test",
  operationId: "testSmtpRelay",
  access: "sending:write",
  summary: "Test the connection to an SMTP relay",
  description:
    "Connects with the relay's settings (TLS per `encryption`, EHLO, AUTH when credentials are set) within 10 seconds and stores the outcome. Answers 200 whether or not the server accepted: see `lastTestOk`, `lastTestError` (`dns_failure`, `refused`, `tls_error`, `auth_rejected`, `timeout`) and `lastTestMessage`. Host names resolving to loopback, private or link-local addresses are refused. The body is optional.",
  tag: "Relays",
  auth: "bearer",
  rateLimit: { perIp: "relayTestsPerIp" },
  params: smtpRelayIdParams,
  body: emptyBody,
  emptyBodyAllowed: true,
  response: smtpRelaySchema,
  message: "Connection test finished",
  errors: ["not_found"],
});
