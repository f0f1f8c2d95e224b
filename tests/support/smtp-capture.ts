// A real SMTP server (smtp-server) that stores every message it receives as
// JSON in a folder, so tests in any worker can read codes and links out of it.
import { randomBytes } from "node:crypto";
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type CapturedEmail = {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
  /** SMTP envelope recipients (RCPT TO), which include Bcc. */
  envelopeTo: string[];
  /** The SMTP envelope sender (MAIL FROM), "" for a null sender. */
  envelopeFrom: string;
  /** The message exactly as received, for checks on the wire format (DKIM). */
  raw: string;
};
export type SmtpCapture = { port: number; url: string; stop: () => Promise<void>; start: () => Promise<void> };

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

export async function startSmtpCapture(directory: string, port = 0): Promise<SmtpCapture> {
  mkdirSync(directory, { recursive: true });
  let server: SMTPServer;
  let boundPort = port;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ["STARTTLS"],
        logger: false,
        onData(stream, session, callback) {
          readAll(stream)
            .then(async (raw) => {
              const mail = await simpleParser(raw);
              const toField = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
              const email: CapturedEmail = {
                to: toField.flatMap((address) => address.value.map((entry) => (entry.address ?? "").toLowerCase())),
                from: mail.from?.text ?? "",
                subject: mail.subject ?? "",
                text: mail.text ?? "",
                html: typeof mail.html === "string" ? mail.html : "",
                receivedAt: new Date().toISOString(),
                envelopeTo: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
                envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address.toLowerCase() : "",
                raw: raw.toString("utf8"),
              };
              // Written aside, then renamed: readers never see half a file.
              const name = `${Date.now()}-${randomBytes(4).toString("hex")}.json`;
              writeFileSync(path.join(directory, `.${name}.tmp`), JSON.stringify(email));
              renameSync(path.join(directory, `.${name}.tmp`), path.join(directory, name));
              callback();
            })
            .catch(callback);
        },
      });
      server.once("error", reject);
      server.listen(boundPort, "127.0.0.1", () => {
        boundPort = (server.server.address() as { port: number }).port;
        resolve();
      });
    });
  await listen();
  return {
    get port() {
      return boundPort;
    },
    get url() {
      return `smtp://127.0.0.1:${boundPort}`;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    start: listen,
  };
}
