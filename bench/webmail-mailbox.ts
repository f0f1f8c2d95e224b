// What the webmail benchmarks share (bench:webmail, bench:lighthouse --webmail):
// a server with its child Dovecot and the development DNS, and a hosted
// mailbox filled with small messages delivered over LMTP, made through the API.
import { randomBytes } from "node:crypto";
import MailComposer from "nodemailer/lib/mail-composer";
import { deliverToMailboxes } from "@/server/mail-store/lmtp/deliver-to-mailboxes";
import { freeLoopbackPort } from "@/server/engines/free-port";

/** The server's environment for mail storage: Dovecot on free loopback ports, and the DNS that verifies the domain. */
export async function webmailServerEnv(): Promise<{ env: Record<string, string>; lmtpPort: number }> {
  const lmtpPort = await freeLoopbackPort();
  return {
    lmtpPort,
    env: {
      DOVECOT: "auto",
      IMAP_PORT: String(await freeLoopbackPort()),
      POP3_PORT: String(await freeLoopbackPort()),
      LMTP_PORT: String(lmtpPort),
      DEV_DNS_PORT: String(await freeLoopbackPort()),
    },
  };
}

export type BenchApi = <T>(token: string, method: string, path: string, body?: unknown) => Promise<{ status: number; data: T }>;

/** The API of the server at baseUrl, with an access token. */
export function benchApi(baseUrl: string): BenchApi {
  return async <T>(token: string, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await response.json()) as { data: T };
    return { status: response.status, data: json.data };
  };
}

/** A verified domain with a mailbox holding `messages` small messages; the mailbox's id. */
export async function mailboxWithMessages(api: BenchApi, token: string, lmtpPort: number, messages: number): Promise<string> {
  const domainName = `bench-${randomBytes(3).toString("hex")}.example.com`;
  const domain = await api<{ domain_id: string }>(token, "POST", "/sending/domains", { name: domainName });
  await api(token, "POST", `/sending/domains/${domain.data.domain_id}/verify`);
  const address = `reader@${domainName}`;
  const mailbox = await api<{ id: string }>(token, "POST", "/mailboxes", { address, password: "bench-mailbox-password-staple" });
  if (mailbox.status !== 201) throw new Error(`mailbox not created: ${JSON.stringify(mailbox.data)}`);
  // Four deliveries at a time: a 20,000-message mailbox fills in minutes rather than a quarter of an hour.
  let next = 0;
  const deliverOne = async (index: number) => {
    const raw = await new MailComposer({
      from: `Sender ${index % 7} <sender${index % 7}@example.org>`,
      to: address,
      subject: `Invoice ${index} for March`,
      text: `Hello,\n\nplease find the figures for March below.\n${"Line of text. ".repeat(40)}`,
    })
      .compile()
      .build();
    const [outcome] = await deliverToMailboxes(raw, [address], { lmtpUrl: `lmtp://127.0.0.1:${lmtpPort}` });
    if (!outcome?.delivered) throw new Error("a message was not delivered over LMTP");
  };
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < messages) await deliverOne(next++);
    }),
  );
  return mailbox.data.id;
}
