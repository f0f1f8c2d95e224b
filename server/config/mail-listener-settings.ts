// The SMTP listeners' settings with their defaults applied: production ports
// and every address there, development ports on loopback elsewhere (docs/smtp.md).
export type MailListeners = {
  hostname: string;
  listen: string;
  submissionPort: number;
  submissionsPort: number;
  /** Inbound SMTP: bounces, complaints and (later) hosted mailboxes. */
  mxPort: number;
  tls: { certFile: string; keyFile: string } | null;
};

type MailVariables = {
  MAIL_HOSTNAME?: string;
  MAIL_LISTEN?: string;
  SUBMISSION_PORT?: number;
  SUBMISSIONS_PORT?: number;
  MX_PORT?: number;
  MAIL_TLS_CERT_FILE?: string;
  MAIL_TLS_KEY_FILE?: string;
};

export function mailListeners(raw: MailVariables, appHost: string, isProduction: boolean): MailListeners {
  return {
    hostname: raw.MAIL_HOSTNAME ?? appHost,
    listen: raw.MAIL_LISTEN ?? (isProduction ? "0.0.0.0" : "127.0.0.1"),
    submissionPort: raw.SUBMISSION_PORT ?? (isProduction ? 587 : 2587),
    submissionsPort: raw.SUBMISSIONS_PORT ?? (isProduction ? 465 : 2465),
    mxPort: raw.MX_PORT ?? (isProduction ? 25 : 2525),
    tls: raw.MAIL_TLS_CERT_FILE && raw.MAIL_TLS_KEY_FILE ? { certFile: raw.MAIL_TLS_CERT_FILE, keyFile: raw.MAIL_TLS_KEY_FILE } : null,
  };
}
