import { z } from "zod";
import { defineEndpoint } from "../endpoint";

export const healthStatus = z
  .object({
    status: z.literal("ok"),
    version: z.string(),
  })
  .meta({ id: "HealthStatus" });

export const readinessStatus = z
  .object({
    status: z.literal("ready"),
    database: z.literal("ok"),
    /**
     * Hosted mailboxes' storage (Dovecot) on this instance: `online`, `offline` (mail for mailboxes is deferred
     * and the portal cannot read it), `off` (DOVECOT=off) or `external` (an operator's Dovecot). Readiness does not depend on it.
     */
    mailStorage: z.enum(["online", "offline", "off", "external"]),
    /**
     * The outbound MTA (Postfix) this instance hands messages to: `online`, `offline` (it, or the MTA-STS resolver it
     * asks before each delivery, is down: messages wait, in our queue or in Postfix's, and go out once it is back),
     * `off` (POSTFIX=off, or none to run: another route delivers) or `external` (POSTFIX_URL).
     * Readiness does not depend on it.
     */
    outboundMta: z.enum(["online", "offline", "off", "external"]),
    spamFilter: z.enum(["online", "offline", "off", "external"]),
  })
  .meta({ id: "ReadinessStatus" });

export const getHealth = defineEndpoint({
  method: "GET",
  path: "/health",
  operationId: "getHealth",
  access: "public",
  summary: "Liveness: the process is up",
  tag: "Health",
  auth: "none",
  rateLimit: false, // load balancers poll these
  response: healthStatus,
  message: "OK",
});

export const getReadiness = defineEndpoint({
  method: "GET",
  path: "/health/ready",
  operationId: "getReadiness",
  access: "public",
  summary: "Readiness: the process can reach its database",
  description: "Answers 503 `service_unavailable` while the database is unreachable.",
  tag: "Health",
  auth: "none",
  rateLimit: false, // load balancers poll these
  response: readinessStatus,
  message: "Ready",
  errors: ["service_unavailable"],
});
