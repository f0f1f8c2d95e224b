import { dmarcReportPageSchema, dmarcSourcesQuery, dmarcSourcesSchema, listDmarcReportsQuery } from "@/shared/schemas/dmarc";
import { z } from "zod";
import { createDomainBody, domainIdParams, sendingDomainSchema } from "@/shared/schemas/sending-domain";
import { emptyBody } from "@/shared/schemas/two-factor";
import { defineEndpoint } from "../endpoint";

export const listDomains = defineEndpoint({
  method: "GET",
  path: "/sending/domains",
  operationId: "listDomains",
  access: "sending:read",
  summary: "List the account's sending domains",
  description: "Newest first, each with the DNS records to publish and the outcome of the last check.",
  tag: "Sending domains",
  auth: "bearer-or-api-key",
  apiKeyScope: "full",
  response: z.array(sendingDomainSchema),
  message: "OK",
});

export const createDomain = defineEndpoint({
  method: "POST",
  path: "/sending/domains",
  operationId: "createDomain",
  access: "sending:write",
  summary: "Add a sending domain",
  description:
    "The name is normalised (lower case, no trailing dot, internationalised names as punycode). IP addresses, single labels, `localhost`, " +
    "invalid names and the service's own domains are refused (400). Answers with the records to publish: an ownership TXT, SPF, DKIM " +
    "(a 2048-bit RSA key made for this domain), DMARC (recommended) and a return-path CNAME. " +
    "A name already on the account → 409 `domain_exists`; verified by another account → 409 `domain_taken`.",
  tag: "Sending domains",
  auth: "bearer-or-api-key",
  apiKeyScope: "full",
  body: createDomainBody,
  response: sendingDomainSchema,
  status: 201,
  message: "Domain added",
  errors: ["validation_error", "domain_exists", "domain_taken"],
});

export const getDomain = defineEndpoint({
  method: "GET",
  path: "/sending/domains/{domain_id}",
  operationId: "getDomain",
  access: "sending:read",
  summary: "Get a sending domain",
  tag: "Sending domains",
  auth: "bearer-or-api-key",
  apiKeyScope: "full",
  params: domainIdParams,
  response: sendingDomainSchema,
  message: "OK",
  errors: ["not_found"],
});

export const verifyDomain = defineEndpoint({
  method: "POST",
  path: "/sending/domains/{domain_id}/verify",
  operationId: "verifyDomain",
  access: "sending:write",
  summary: "Check the domain's DNS records now",
  description:
    "Looks every record up now and updates each record's status and the domain's: `verified` when every required record is right; " +
    "`temporary_failure` when DNS could not be reached (timeout, SERVFAIL) or a verified domain lost a required record; `failed` when " +
    "72 hours passed without verifying; `pending` otherwise. Answers with the domain either way. Domains are also re-checked in the " +
    "background: pending ones every 15 minutes, verified ones daily.",
  tag: "Sending domains",
  auth: "bearer-or-api-key",
  apiKeyScope: "full",
  params: domainIdParams,
  body: emptyBody,
  emptyBodyAllowed: true,
  response: sendingDomainSchema,
  message: "Domain checked",
  errors: ["not_found", "domain_taken"],
});

export const deleteDomain = defineEndpoint({
  method: "DELETE",
  path: "/sending/domains/{domain_id}",
  operationId: "deleteDomain",
  access: "sending:write",
  summary: "Delete a sending domain",
  description:
    "Removes the domain and its DKIM key, and its hosted mailboxes and aliases with their mail. Mail can no longer be sent from it or received for it.",
  tag: "Sending domains",
  auth: "bearer-or-api-key",
  apiKeyScope: "full",
  params: domainIdParams,
  response: z.null(),
  message: "Domain deleted",
  errors: ["not_found"],
});

export const listDmarcReports = defineEndpoint({
  method: "GET",
  path: "/sending/domains/{domain_id}/dmarc-reports",
  operationId: "listDmarcReports",
  access: "sending:read",
  summary: "The domain's DMARC aggregate reports, newest first",
  description:
    "Reports receivers sent to the `rua` address of the DMARC record the domain's records recommend (`dmarc+…@` the service's mail host), each stored once per reporter and report id. Also in the event feed as `domain.dmarc_report`.",
  tag: "Sending domains",
  auth: "bearer-or-api-key",
  apiKeyScope: "full",
  params: domainIdParams,
  query: listDmarcReportsQuery,
  response: dmarcReportPageSchema,
  message: "OK",
  errors: ["not_found"],
});

export const listDmarcSources = defineEndpoint({
  method: "GET",
  path: "/sending/domains/{domain_id}/dmarc-sources",
  operationId: "listDmarcSources",
  access: "sending:read",
  summary: "Who sends as the domain, from its DMARC reports",
  description:
    "Every source address the reports of the window name, with its messages, how many passed SPF and DKIM aligned with the From domain, and what receivers did with them; most messages first. A `failing` source sent messages that failed DMARC: a service of yours not yet set up (add its SPF or DKIM), or someone else using the domain.",
  tag: "Sending domains",
  auth: "bearer-or-api-key",
  apiKeyScope: "full",
  params: domainIdParams,
  query: dmarcSourcesQuery,
  response: dmarcSourcesSchema,
  message: "OK",
  errors: ["not_found"],
});
