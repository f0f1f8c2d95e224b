import { smtpAccessSchema } from "@/shared/schemas/smtp-access";
import { defineEndpoint } from "../endpoint";

export const getSmtpAccess = defineEndpoint({
  method: "GET",
  path: "/sending/smtp",
  operationId: "getSmtpAccess",
  access: "sending:read",
  summary: "SMTP settings for sending from your own software",
  description:
    'Host, ports and limits of SMTP submission. Sign in with username `apikey` and an API key as the password. Messages go through the same quota, DKIM signing, relays and events as `POST /sending/messages` and are listed with `source: "smtp"`. Replies: `250 2.0.0 Ok: queued as <message id>`; `535 5.7.8` bad credentials; `530 5.7.0` no AUTH; `538 5.7.11` AUTH before TLS; `553 5.7.1` a sender (MAIL FROM or the From header) outside the key\'s verified domains; `452 4.5.3` more than the recipient limit; `552 5.3.4` over the size limit; `451 4.7.1` rate limited; `554 5.7.0` quota exhausted; `554 5.6.0` headers that are not valid.',
  tag: "SMTP access",
  auth: "bearer-or-api-key",
  apiKeyScope: "sending",
  response: smtpAccessSchema,
  message: "OK",
});
