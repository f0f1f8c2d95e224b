// The SMTP listeners' settings with their defaults applied: production ports
// and every address there, development ports on loopback elsewhere (docs/smtp.md,
// docs/mailboxes.md for IMAP and POP3).
export type MailListeners = {
  hostname: string;
  listen: string;
  submissionPort: number;
  submissionsPort: number;
  /** Dovecot's IMAP and POP3 listeners: implicit TLS in production (993/995), STARTTLS offered elsewhere (1143/1110). */
  imapPort: number;
  pop3Port: number;
  imapPop3ImplicitTls: boolean;
  tls: { certFile: string; keyFile: string } | null;
};

type MailVariables = {
  MAIL_HOSTNAME?: string;
  MAIL_LISTEN?: string;
  SUBMISSION_PORT?: number;
  SUBMISSIONS_PORT?: number;
  IMAP_PORT?: number;
  POP3_PORT?: number;
  MAIL_TLS_CERT_FILE?: string;
  MAIL_TLS_KEY_FILE?: string;
};

export function mailListeners(raw: MailVariables, appHost: string, isProduction: boolean): MailListeners {
  return {
    hostname: raw.MAIL_HOSTNAME ?? appHost,
    listen: raw.MAIL_LISTEN ?? (isProduction ? "0.0.0.0" : "127.0.0.1"),
    submissionPort: raw.SUBMISSION_PORT ?? (isProduction ? 587 : 2587),
    submissionsPort: raw.SUBMISSIONS_PORT ?? (isProduction ? 465 : 2465),
    imapPort: raw.IMAP_PORT ?? (isProduction ? 993 : 1143),
    pop3Port: raw.POP3_PORT ?? (isProduction ? 995 : 1110),
    imapPop3ImplicitTls: isProduction,
    tls: raw.MAIL_TLS_CERT_FILE && raw.MAIL_TLS_KEY_FILE ? { certFile: raw.MAIL_TLS_CERT_FILE, keyFile: raw.MAIL_TLS_KEY_FILE } : null,
  };
}
