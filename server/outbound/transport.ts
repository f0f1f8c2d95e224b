import { env } from "@/server/config/env";
import type { EmailTransport } from "./message";
import { fileTransport } from "./transports/file";
import { outboundTransport } from "./transports/outbound";
import { resendTransport } from "./transports/resend";
import { smtpTransport } from "./transports/smtp";

let transport: EmailTransport | undefined;

/** The transport EMAIL_TRANSPORT names (validated at start: its settings are present). */
export function emailTransport(): EmailTransport {
  if (!transport) {
    const config = env();
    switch (config.emailTransport) {
      case "smtp":
        transport = smtpTransport(config.SMTP_URL!);
        break;
      case "resend":
        transport = resendTransport(config.RESEND_API_KEY!);
        break;
      case "outbound":
        transport = outboundTransport();
        break;
      default:
        transport = fileTransport(config.dataDir);
    }
  }
  return transport;
}
