// The far side of outbound delivery, played on loopback for tests and
// benchmarks of the service's own Postfix: a recipient domain whose MX record
// (in a test DNS server) names an smtp-server sink on a 127.x address of its
// own (Postfix counts 127.0.0.1 as itself), offering STARTTLS with a
// self-signed certificate, as most receiving servers do.
import { randomInt } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SMTPServer, type SMTPServerAddress, type SMTPServerSession } from "smtp-server";
import { selfSignedCertificateFiles } from "@/server/security/tls-credentials";
import type { DnsControl } from "./dns-server";

/** A loopback address of its own (127.0.0.0/8 is all on `lo`), away from 127.0.0.1 and resolvers' usual 127.0.0.53. */
export const loopbackAddress = () => `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(2, 255)}`;

/** Loopback addresses, all different. */
export function loopbackAddresses(count: number): string[] {
  const addresses = new Set<string>();
  while (addresses.size < count) addresses.add(loopbackAddress());
  return [...addresses];
}

export type ReceivedCopy = { mailFrom: string; rcptTo: string[]; data: string };

export type RecipientMx = {
  domain: string;
  host: string;
  port: number;
  /** Every message it took, in order. */
  received: ReceivedCopy[];
  stop: () => Promise<void>;
};

type Options = {
  /** Where the domain's MX and the MX host's A record are published. */
  dns: DnsControl;
  domain: string;
  host: string;
  port: number;
  /** Refuses a recipient by throwing an error with `responseCode`; takes it by returning. */
  onRecipient?: (address: SMTPServerAddress, session: SMTPServerSession) => void;
  /** Its STARTTLS certificate; by default a self-signed one for `mx.<domain>` that nobody trusts. */
  certificate?: { keyFile: string; certFile: string };
};

export async function startRecipientMx({ dns, domain, host, port, onRecipient, ...options }: Options): Promise<RecipientMx> {
  const certificate = options.certificate ?? selfSignedCertificateFiles(mkdtempSync(path.join(tmpdir(), "recipient-mx-")), `mx.${domain}`);
  const received: ReceivedCopy[] = [];
  const sink = new SMTPServer({
    logger: false,
    authOptional: true,
    disabledCommands: ["AUTH"],
    key: readFileSync(certificate.keyFile),
    cert: readFileSync(certificate.certFile),
    onRcptTo(address, session, done) {
      try {
        onRecipient?.(address, session);
        done();
      } catch (error) {
        done(error as Error);
      }
    },
    onData(stream, session, done) {
      let data = "";
      stream.on("data", (chunk: Buffer) => (data += chunk.toString()));
      stream.on("end", () => {
        const mailFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        received.push({ mailFrom, rcptTo: session.envelope.rcptTo.map((rcpt) => rcpt.address), data });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => sink.listen(port, host, () => resolve()));
  await dns.publish(domain, "MX", [`10 mx.${domain}`]);
  await dns.publish(`mx.${domain}`, "A", [host]);
  return { domain, host, port, received, stop: () => new Promise<void>((resolve) => sink.close(() => resolve())) };
}

/** A refusal for `onRecipient`: smtp-server answers with its code and text. */
export const refusal = (code: number, text: string) => Object.assign(new Error(text), { responseCode: code });
