// Sender authentication that runs out of time, against a real DNS server
// (tests/support/dns-server.ts) with a short limit: the From domain's DMARC
// policy, asked for first, is known anyway, and a mailbox delivery defers
// the message (451 4.7.0) unless that policy enforces nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authenticateInbound } from "@/server/mail/mx/authentication/authenticate-inbound";
import { deliverToHostedMailboxes } from "@/server/mail/mx/mailbox-delivery/deliver-to-hosted-mailboxes";
import { SmtpReply } from "@/server/mail/reply-codes";
import { type DnsServer, dnsControl, startDnsServer } from "../support/dns-server";

let dns: DnsServer;

beforeAll(async () => {
  dns = await startDnsServer();
  process.env.DNS_SERVERS = dns.address;
  const control = dnsControl(dns.controlUrl);
  for (const [domain, policy] of [
    ["reject.example", "reject"],
    ["none.example", "none"],
  ] as const) {
    await control.publish(`_dmarc.${domain}`, "TXT", [`v=DMARC1; p=${policy}`]);
    // SPF that waits on a server that never answers: longer than the limit below.
    await control.publish(domain, "TXT", ["v=spf1 include:spf.silent.example -all"]);
  }
  await control.fail("silent.example", "drop");
});

afterAll(() => dns?.stop());

const message = (from: string) => Buffer.from(`From: <alerts@${from}>\r\nTo: a@hosted.example\r\nSubject: x\r\n\r\nbody\r\n`);

async function receive(from: string) {
  const authentication = await authenticateInbound(
    message(from),
    { ip: "192.0.2.1", helo: "mta.example", mailFrom: `alerts@${from}` },
    500,
  );
  const inbound = {
    raw: message(from),
    mailFrom: `alerts@${from}`,
    remoteAddress: "192.0.2.1",
    helo: "mta.example",
    sessionId: "s",
    fromOwnPostfix: false,
    authentication: async () => authentication,
  };
  return { authentication, delivery: deliverToHostedMailboxes(inbound, [{ kind: "mailbox", address: "a@hosted.example", mailboxes: [] }]) };
}

describe("checks that run out of time", () => {
  it("still know the From domain's policy, and a p=reject domain's message is deferred with 451 4.7.0", async () => {
    const { authentication, delivery } = await receive("reject.example");
    expect(authentication).toMatchObject({ complete: false, senderPolicy: "reject", spf: "temperror", dmarc: "temperror" });
    const refused = await delivery.catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SmtpReply);
    expect((refused as SmtpReply).message).toMatch(/^4\.7\.0 /);
    expect((refused as SmtpReply).responseCode).toBe(451);
  }, 10_000);

  it("do not hold back mail from a domain whose policy is none", async () => {
    const { authentication } = await receive("none.example");
    expect(authentication).toMatchObject({ complete: false, senderPolicy: "none" });
  }, 10_000);
});
