// What every one of our SMTP listeners (submission and MX) sets the same way:
// the greeting name, the certificate and its TLS policy, the size limit, our
// own enhanced codes, no reverse lookups, and the connection and idle limits
// (docs/smtp.md).
import type { SMTPServerOptions } from "smtp-server";
import type { Env } from "@/server/config/env";
import { MAIL_TLS_CIPHERS, type TlsCredentials } from "@/server/security/tls-credentials";

export function commonListenerOptions(config: Env, tls: TlsCredentials, maxBytes: number): SMTPServerOptions {
  return {
    name: config.mail.hostname,
    key: tls.key,
    cert: tls.cert,
    // smtp-server's own default allows TLS 1.0; ours is TLS 1.2 and 1.3 with modern suites, in our order.
    minVersion: "TLSv1.2",
    ciphers: `${MAIL_TLS_CIPHERS.tls13}:${MAIL_TLS_CIPHERS.tls12}`,
    honorCipherOrder: true,
    size: maxBytes,
    // Our replies carry their enhanced codes in the text (server/mail/reply-codes.ts).
    hideENHANCEDSTATUSCODES: true,
    hideDSN: true,
    disableReverseLookup: true,
    maxClients: config.SMTP_MAX_CLIENTS,
    socketTimeout: config.SMTP_IDLE_TIMEOUT_SECONDS * 1000,
    closeTimeout: 10_000,
    logger: false,
  };
}
