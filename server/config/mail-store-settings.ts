// Where mailboxes are stored and read (docs/mail-storage.md): the
// Dovecot mode and its ports, defaults applied. `auto` starts Dovecot as a
// child process when it is installed; `external` reaches an operator's Dovecot
// over LMTP_URL; `off` keeps mail storage offline.
export type DovecotMode = "auto" | "off" | "external";

export type MailStoreSettings = {
  mode: DovecotMode;
  /** IMAP and POP3 for mail clients on MAIL_LISTEN (0 = off): implicit TLS in production, STARTTLS otherwise. */
  imapPort: number;
  pop3Port: number;
  /** ManageSieve for mail clients that edit their Sieve rules (0 = off); STARTTLS, the protocol has no implicit-TLS port. */
  managesievePort: number;
  implicitTls: boolean;
  /** The loopback LMTP listener of the child Dovecot (mode auto). */
  lmtpPort: number;
  /** Where mail is delivered: the child's loopback listener, or LMTP_URL (mode external). */
  lmtpUrl: string | null;
  /** Where the service's own reader logs in (IMAP); set by the launcher in mode auto. */
  imapUrl: string | null;
};

type StoreVariables = {
  DOVECOT?: DovecotMode;
  LMTP_URL?: string;
  LMTP_PORT?: number;
  IMAP_PORT?: number;
  POP3_PORT?: number;
  MANAGESIEVE_PORT?: number;
  DOVECOT_IMAP_URL?: string;
};

export function mailStoreSettings(raw: StoreVariables, isProduction: boolean): MailStoreSettings {
  const mode = raw.DOVECOT ?? "auto";
  const lmtpPort = raw.LMTP_PORT ?? 2424;
  const lmtpUrl = mode === "external" ? (raw.LMTP_URL ?? null) : mode === "auto" ? `lmtp://127.0.0.1:${lmtpPort}` : null;
  const externalImap = mode === "external" && lmtpUrl ? `imaps://${new URL(lmtpUrl).hostname}:993` : null;
  return {
    mode,
    imapPort: raw.IMAP_PORT ?? (isProduction ? 993 : 1143),
    pop3Port: raw.POP3_PORT ?? (isProduction ? 995 : 1110),
    managesievePort: raw.MANAGESIEVE_PORT ?? 4190,
    implicitTls: isProduction,
    lmtpPort,
    lmtpUrl,
    imapUrl: mode === "off" ? null : (raw.DOVECOT_IMAP_URL ?? externalImap),
  };
}
