// The mail plane's variables (docs/configuration.md): the SMTP listeners, their
// certificate, and mail storage (Dovecot). Parsed with the rest of the
// configuration in env.ts; turned into settings by mail-listener-settings.ts
// and mail-store-settings.ts.
import { isIP } from "node:net";
import { z } from "zod";
import { anyHostName } from "./env-values";

export const mailEnvShape = {
  /**
   * The service's mail host name: the SMTP listeners greet with it, customers' mail settings point at it, and the
   * test sender sends from it (default: the APP_URL host; required in production).
   */
  MAIL_HOSTNAME: anyHostName.optional(),
  /** Address the SMTP listeners bind (docs/smtp.md). */
  MAIL_LISTEN: z
    .string()
    .refine((value) => isIP(value) !== 0, "expected an IP address")
    .optional(),
  /** SMTP submission with STARTTLS; 0 turns it off. */
  SUBMISSION_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** SMTP submission over implicit TLS; 0 turns it off. */
  SUBMISSIONS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Inbound SMTP (bounces, complaints, hosted mailboxes); 0 turns it off. */
  MX_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** PEM certificate chain and key of the mail listeners; a self-signed pair is generated outside production. */
  MAIL_TLS_CERT_FILE: z.string().min(1).optional(),
  MAIL_TLS_KEY_FILE: z.string().min(1).optional(),
  /** Mail storage (docs/mail-storage.md): start Dovecot as a child process, use an operator's, or none. */
  DOVECOT: z.enum(["auto", "off", "external"]).default("auto"),
  /** The operator's Dovecot LMTP listener (lmtp://host:port) when DOVECOT=external. */
  LMTP_URL: z.url({ protocol: /^lmtp$/ }).optional(),
  /** The child Dovecot's loopback LMTP listener (DOVECOT=auto). */
  LMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** IMAP and POP3 for mail clients; 0 turns one off. */
  IMAP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  POP3_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** ManageSieve (mailbox rules edited by mail clients, docs/spam-and-rules.md); 0 turns it off. */
  MANAGESIEVE_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Where the service reads mailboxes over IMAP (imap:// or imaps://); set by the launcher with DOVECOT=auto. */
  DOVECOT_IMAP_URL: z.url({ protocol: /^imaps?$/ }).optional(),
};

type MailEnv = z.infer<z.ZodObject<typeof mailEnvShape>>;

/** What the mail variables lack, together or in production. */
export function mailEnvProblems(raw: MailEnv, isProduction: boolean): string[] {
  const problems: string[] = [];
  if (isProduction) {
    if (!raw.MAIL_HOSTNAME) problems.push("MAIL_HOSTNAME: required in production");
    // Mail listeners are on by default; an instance that turns them all off needs no certificate.
    const dovecotListens = raw.DOVECOT === "auto" && (raw.IMAP_PORT !== 0 || raw.POP3_PORT !== 0 || raw.MANAGESIEVE_PORT !== 0);
    const servesMail = raw.SUBMISSION_PORT !== 0 || raw.SUBMISSIONS_PORT !== 0 || raw.MX_PORT !== 0 || dovecotListens;
    if (servesMail && (!raw.MAIL_TLS_CERT_FILE || !raw.MAIL_TLS_KEY_FILE)) {
      problems.push("MAIL_TLS_CERT_FILE: required in production while a mail listener is on (with MAIL_TLS_KEY_FILE)");
    }
  }
  if (Boolean(raw.MAIL_TLS_CERT_FILE) !== Boolean(raw.MAIL_TLS_KEY_FILE))
    problems.push("MAIL_TLS_KEY_FILE: set MAIL_TLS_CERT_FILE and MAIL_TLS_KEY_FILE together");
  if (raw.DOVECOT === "external" && !raw.LMTP_URL) problems.push("LMTP_URL: required when DOVECOT=external (lmtp://host:port)");
  return problems;
}
