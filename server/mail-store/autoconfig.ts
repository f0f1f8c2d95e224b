// Thunderbird's autoconfig answer (the clientConfig 1.1 format, also read by
// other clients such as K-9/Thunderbird for Android and Evolution): the
// servers of mailClientSettings for one hosted domain. Served at
// /.well-known/autoconfig/mail/config-v1.1.xml and, for requests arriving at
// autoconfig.<domain>, at /mail/config-v1.1.xml (docs/mailboxes.md); the HTTP answer
// around it is server/http/autoconfig-response.ts.
import type { MailClientSettings, MailServerSettings } from "@/shared/schemas/mail-client-settings";
import { mailClientSettings } from "./client-settings";

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[char]!);

function serverXml(kind: "incomingServer" | "outgoingServer", type: string, server: MailServerSettings): string {
  return [
    `    <${kind} type="${type}">`,
    `      <hostname>${escapeXml(server.host)}</hostname>`,
    `      <port>${server.port}</port>`,
    `      <socketType>${server.security === "ssl_tls" ? "SSL" : "STARTTLS"}</socketType>`,
    "      <username>%EMAILADDRESS%</username>",
    "      <authentication>password-cleartext</authentication>",
    `    </${kind}>`,
  ].join("\n");
}

export function autoconfigXml(domain: string, settings: MailClientSettings = mailClientSettings()): string {
  const servers = [
    settings.imap ? serverXml("incomingServer", "imap", settings.imap) : null,
    settings.pop3 ? serverXml("incomingServer", "pop3", settings.pop3) : null,
    ...settings.smtp.map((server) => serverXml("outgoingServer", "smtp", server)),
  ].filter((entry): entry is string => entry !== null);
  const name = escapeXml(domain);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<clientConfig version="1.1">',
    `  <emailProvider id="${name}">`,
    `    <domain>${name}</domain>`,
    `    <displayName>${name}</displayName>`,
    `    <displayShortName>${name}</displayShortName>`,
    ...servers,
    "  </emailProvider>",
    "</clientConfig>",
    "",
  ].join("\n");
}
