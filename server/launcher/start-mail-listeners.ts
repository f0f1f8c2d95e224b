// Starts the SMTP listeners of this instance (docs/smtp.md): submission with
// STARTTLS and over implicit TLS, and the MX (docs/bounces.md). A port set to 0 is off. They keep no state
// of their own beyond open connections, so instances scale out behind a TCP
// load balancer.
import type { SMTPServer } from "smtp-server";
import type { Env } from "@/server/config/env";
import { jobSender } from "@/server/jobs/enqueue";
import { createMxServer } from "@/server/mail/mx/mx-server";
import { createSubmissionServer } from "@/server/mail/submission/submission-server";
import { createRulesMailServer, RULES_MAIL_HOST } from "@/server/mail/rules-mail/rules-mail-server";
import { createPostfixReportsServer, POSTFIX_REPORTS_HOST } from "@/server/mail/postfix-reports/postfix-reports-server";
import { mailTlsCredentials, type TlsCredentials } from "@/server/security/tls-credentials";

export type MailListeners = { addresses: string[]; stop: () => Promise<void> };

function listen(server: SMTPServer, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(new Error(`cannot listen on ${host}:${port} (${error.message})`));
    server.once("error", onError);
    server.listen(port, host, () => {
      server.off("error", onError);
      resolve();
    });
  });
}

/**
 * `rulesMail`: the child Dovecot's hand-over of what mailbox rules send (docs/spam-and-rules.md), on loopback;
 * `postfixReports`: where the child Postfix mails its delivery reports (docs/delivery.md), on loopback.
 */
export async function startMailListeners(
  config: Env,
  rulesMail: { port: number; mailUid: number } | null = null,
  postfixReports: { port: number; postfixUid: number } | null = null,
): Promise<MailListeners> {
  const { submissionPort, submissionsPort, mxPort, listen: host } = config.mail;
  const wanted: { port: number; label: string; host?: string; create: (tls: TlsCredentials) => SMTPServer }[] = [
    {
      port: submissionPort,
      label: "SMTP submission (STARTTLS)",
      create: (tls: TlsCredentials) => createSubmissionServer({ config, tls, implicitTls: false }),
    },
    {
      port: submissionsPort,
      label: "SMTP submission (implicit TLS)",
      create: (tls: TlsCredentials) => createSubmissionServer({ config, tls, implicitTls: true }),
    },
    { port: mxPort, label: "MX, inbound SMTP (STARTTLS)", create: (tls: TlsCredentials) => createMxServer({ config, tls }) },
    {
      port: rulesMail?.port ?? 0,
      label: "mailbox rules' outgoing mail from Dovecot",
      host: RULES_MAIL_HOST,
      create: (tls: TlsCredentials) => createRulesMailServer({ config, tls, port: rulesMail!.port, mailUid: rulesMail!.mailUid }),
    },
    {
      port: postfixReports?.port ?? 0,
      label: "delivery reports from the child Postfix",
      host: POSTFIX_REPORTS_HOST,
      create: (tls: TlsCredentials) =>
        createPostfixReportsServer({ config, tls, port: postfixReports!.port, postfixUid: postfixReports!.postfixUid }),
    },
  ].filter((listener) => listener.port > 0);
  if (wanted.length === 0) return { addresses: [], stop: async () => {} };
  const tls = mailTlsCredentials(config);
  // Ready before the first message: starting it inside a send transaction would wait behind that
  // transaction (for ever on the embedded database, whose connections share one session).
  await jobSender();
  const started: SMTPServer[] = [];
  const addresses: string[] = [];
  try {
    for (const listener of wanted) {
      const server = listener.create(tls);
      await listen(server, listener.port, listener.host ?? host);
      started.push(server);
      addresses.push(
        `${listener.label} on ${listener.host ?? host}:${listener.port}${tls.generated && !listener.host ? " (self-signed certificate)" : ""}`,
      );
    }
  } catch (error) {
    await Promise.all(started.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    throw error;
  }
  return {
    addresses,
    stop: () => Promise.all(started.map((server) => new Promise<void>((resolve) => server.close(() => resolve())))).then(() => {}),
  };
}
