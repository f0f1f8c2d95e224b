import { env } from "@/server/env";
import type { EmailTransport } from "./message";
import { fileTransport } from "./transports/file";
import { resendTransport } from "./transports/resend";
import { smtpTransport } from "./transports/smtp";

let transport: EmailTransport | undefined;

/** The transport EMAIL_TRANSPORT names (validated at start: its settings are present). */
export function emailTransport(): EmailTransport {
  if (!transport) {
    const config = env();
    transport =
      config.emailTransport === "smtp"
        ? smtpTransport(config.SMTP_URL!)
        : config.emailTransport === "resend"
          ? resendTransport(config.RESEND_API_KEY!)
          : fileTransport(config.dataDir);
  }
  return transport;
}
