// Where mail clients reach a hosted mailbox: IMAP and POP3 (Dovecot) and SMTP
// submission, on MAIL_HOSTNAME. One source for the API's client settings, the
// autoconfig answer and the domain's optional discovery records (docs/mailboxes.md).
import { env } from "@/server/config/env";
import type { MailClientSettings, MailServerSettings } from "@/shared/schemas/mail-client-settings";

export function mailClientSettings(): MailClientSettings {
  const { mail, mailStore, appUrl } = env();
  const host = mail.hostname;
  const readSecurity = mailStore.implicitTls ? "ssl_tls" : "starttls";
  const server = (port: number, security: MailServerSettings["security"]) => (port > 0 ? { host, port, security } : null);
  const smtp = [server(mail.submissionsPort, "ssl_tls"), server(mail.submissionPort, "starttls")].filter(
    (entry): entry is MailServerSettings => entry !== null,
  );
  return {
    imap: server(mailStore.imapPort, readSecurity),
    pop3: server(mailStore.pop3Port, readSecurity),
    smtp,
    autoconfigUrl: `${appUrl}/.well-known/autoconfig/mail/config-v1.1.xml`,
  };
}
