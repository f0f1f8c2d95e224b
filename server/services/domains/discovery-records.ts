// Optional records that let mail clients find a hosted mailbox's settings by
// themselves (docs/mailboxes.md): Thunderbird's autoconfig host, and SRV
// records for IMAP and SMTP submission (RFC 6186, RFC 8314). They are shown,
// never checked: nothing depends on them.
import { env } from "@/server/config/env";
import { mailClientSettings } from "@/server/mail-store/client-settings";
import type { DiscoveryRecord } from "@/shared/schemas/sending-domain";

export function discoveryRecords(domainName: string): DiscoveryRecord[] {
  const settings = mailClientSettings();
  const host = env().mail.hostname;
  const records: DiscoveryRecord[] = [
    {
      purpose: "autoconfig",
      type: "CNAME",
      name: `autoconfig.${domainName}`,
      value: new URL(env().appUrl).hostname,
      priority: null,
      weight: null,
      port: null,
    },
  ];
  if (settings.imap) {
    // `_imaps` names IMAP over implicit TLS; a STARTTLS listener is `_imap`.
    const service = settings.imap.security === "ssl_tls" ? "_imaps" : "_imap";
    records.push({
      purpose: "imap",
      type: "SRV",
      name: `${service}._tcp.${domainName}`,
      value: host,
      priority: 0,
      weight: 1,
      port: settings.imap.port,
    });
  }
  const submissions = settings.smtp.find((server) => server.security === "ssl_tls");
  if (submissions) {
    records.push({
      purpose: "submission",
      type: "SRV",
      name: `_submissions._tcp.${domainName}`,
      value: host,
      priority: 0,
      weight: 1,
      port: submissions.port,
    });
  }
  return records;
}
