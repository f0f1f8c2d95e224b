// GET /sending/smtp: what a customer types into their software's SMTP settings.
import { env } from "@/server/config/env";
import { CONTROL_HEADER_NAMES, MAX_SUBMISSION_BYTES, SUBMISSION_USERNAME } from "@/shared/schemas/smtp-submission";
import { MAX_RECIPIENTS } from "@/shared/schemas/messages";
import type { SmtpAccess } from "@/shared/schemas/smtp-access";

export function smtpAccessSettings(): SmtpAccess {
  const { mail } = env();
  const ports: SmtpAccess["ports"] = [];
  if (mail.submissionPort > 0) ports.push({ port: mail.submissionPort, security: "starttls" });
  if (mail.submissionsPort > 0) ports.push({ port: mail.submissionsPort, security: "ssl_tls" });
  return {
    host: mail.hostname,
    username: SUBMISSION_USERNAME,
    ports,
    maxMessageBytes: MAX_SUBMISSION_BYTES,
    maxRecipients: MAX_RECIPIENTS,
    controlHeaders: { ...CONTROL_HEADER_NAMES },
  };
}
