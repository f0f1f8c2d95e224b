// The ports this service and its child engines listen on with the current
// configuration, each with the variable that moves it (README, "Quick start").
// Ports the launcher picks itself (free loopback ports for the engines' private
// listeners) are not here: nobody else can hold them.
import type { Env } from "@/server/config/env";
import type { ListenPort } from "./check-listen-ports";

export function servicePorts(config: Env, willRun: { dovecot: boolean }): ListenPort[] {
  const tcp = (what: string, variable: string, host: string | undefined, port: number): ListenPort => ({
    what,
    variable,
    host,
    port,
    protocol: "tcp",
  });
  const { listen } = config.mail;
  const ports = [
    tcp("API and portal (HTTP)", "PORT", undefined, config.PORT),
    tcp("SMTP submission (STARTTLS)", "SUBMISSION_PORT", listen, config.mail.submissionPort),
    tcp("SMTP submission (implicit TLS)", "SUBMISSIONS_PORT", listen, config.mail.submissionsPort),
    tcp("MX (inbound SMTP)", "MX_PORT", listen, config.mail.mxPort),
  ];
  if (willRun.dovecot) {
    const store = config.mailStore;
    ports.push(
      tcp("IMAP (Dovecot)", "IMAP_PORT", listen, store.imapPort),
      tcp("POP3 (Dovecot)", "POP3_PORT", listen, store.pop3Port),
      tcp("ManageSieve (Dovecot)", "MANAGESIEVE_PORT", listen, store.managesievePort),
      tcp("LMTP (Dovecot)", "LMTP_PORT", "127.0.0.1", store.lmtpPort),
    );
  }
  if (config.devDns) {
    const { host, port } = config.devDns;
    ports.push(tcp("development DNS", "DEV_DNS_PORT", host, port), {
      ...tcp("development DNS", "DEV_DNS_PORT", host, port),
      protocol: "udp",
    });
  }
  return ports;
}
