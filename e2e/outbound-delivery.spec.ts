// A message delivered to the Internet by the service's own Postfix, seen on
// the message page, wide and on a 390 px phone: the recipient's status, the
// server that took it, its reply, the TLS of the delivery and the timeline,
// all from Postfix's own log. The e2e server
// keeps its mail in the dev mailbox, so this spec runs a server of its own
// with POSTFIX=on (as root, like production); the Internet is played on
// loopback: a test DNS server on port 53 of a 127.x address (Postfix asks
// port 53 only) gives the recipient domain an MX, an smtp-server on another
// 127.x address offering STARTTLS with a certificate nobody trusts, as most
// receiving servers do (docs/delivery.md, "TLS").
import { randomBytes } from "node:crypto";
import { type DnsControl, type DnsServer, dnsControl, startDnsServer } from "../tests/support/dns-server";
import { loopbackAddresses, type RecipientMx, startRecipientMx } from "../tests/support/recipient-mx";
import { createTestDatabase, type TestDatabase } from "../tests/support/test-database";
import { startTestServer, type TestServer } from "../tests/support/test-server";
import { freeLoopbackPort } from "../server/engines/free-port";
import { newAccount, signInThroughApi, signUpThroughPortal } from "./support/accounts";
import { expectNoSidewaysScroll, wideAndPhone } from "./support/screens";
import { arrangeSentMessage } from "./support/sending-data";
import { expect, test } from "./support/test";

// Picked before the tests so the pages' origin is known: the app's URLs are http://localhost:<port>.
const port = await freeLoopbackPort();
test.use({ baseURL: `http://localhost:${port}` });
// One server for both screens.
test.describe.configure({ mode: "serial" });

const recipientDomain = `rcpt-${randomBytes(4).toString("hex")}.example.net`;
let dns: DnsServer;
let records: DnsControl;
let recipientMx: RecipientMx;
let database: TestDatabase | undefined;
let server: TestServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const [dnsHost, mxHost] = loopbackAddresses(2) as [string, string];
  dns = await startDnsServer({ host: dnsHost, port: 53 });
  records = dnsControl(dns.controlUrl);
  const outboundPort = await freeLoopbackPort();
  recipientMx = await startRecipientMx({ dns: records, domain: recipientDomain, host: mxHost, port: outboundPort });
  if (process.env.DATABASE_URL) database = await createTestDatabase(process.env.DATABASE_URL, "e2e_outbound");
  server = await startTestServer({
    label: "e2e-outbound",
    port,
    databaseUrl: database?.url,
    env: {
      POSTFIX: "on",
      OUTBOUND_SMTP_PORT: String(outboundPort),
      DNS_SERVERS: dnsHost,
      MX_PORT: String(await freeLoopbackPort()),
      MAIL_HOSTNAME: "mta.e2e.test",
    },
  });
  await expect
    .poll(
      async () =>
        ((await (await fetch(`${server.baseUrl}/api/v1/health/ready`)).json()) as { data: { outboundMta: string } }).data.outboundMta,
      { message: `Postfix online; see ${server.logFile}`, timeout: 60_000 },
    )
    .toBe("online");
});

test.afterAll(async () => {
  await server?.stop();
  await recipientMx?.stop();
  await dns?.stop();
  await database?.drop();
});

for (const [screen, viewport] of wideAndPhone) {
  test(`delivered by the service's Postfix: server, reply, TLS and timeline on the message page (${screen})`, async ({ page }) => {
    test.slow();
    await page.setViewportSize(viewport);
    const account = newAccount("outbound");
    await signUpThroughPortal(page.context().request, account);
    const buyer = `buyer-${randomBytes(3).toString("hex")}@${recipientDomain}`;
    const { messageId } = await arrangeSentMessage(page.request, account, { to: [buyer] }, records);

    // Postfix's log line of the delivery sets `delivered`, with the server and the TLS.
    const authorization = `Bearer ${await signInThroughApi(page.request, account)}`;
    const recipientOf = async () =>
      (
        (await (await page.request.get(`/api/v1/sending/messages/${messageId}`, { headers: { authorization } })).json()) as {
          data: { recipients?: { email: string; status: string; tls: unknown }[] };
        }
      ).data.recipients?.find((entry) => entry.email === buyer);
    await expect.poll(async () => (await recipientOf())?.status, { timeout: 60_000 }).toBe("delivered");
    expect((await recipientOf())?.tls).toBeTruthy();
    expect(recipientMx.received.filter((copy) => copy.rcptTo.includes(buyer))).toHaveLength(1);

    await page.goto(`/messages/${messageId}`);
    const recipient = page.getByRole("list", { name: "Recipients" }).getByRole("listitem", { name: buyer });
    await expect(recipient.getByText("Delivered", { exact: true }).first()).toBeVisible();
    await expect(recipient).toContainText(`mx.${recipientDomain}`);
    await expect(recipient).toContainText(/250 /);
    await expect(recipient).toContainText(/TLSv1\.[23], certificate not verified, opportunistic/);
    await expect(recipient.getByRole("list", { name: `Timeline of ${buyer}` }).getByRole("listitem")).toHaveText([
      /^Handed off/,
      /^Delivered/,
    ]);
    await expectNoSidewaysScroll(page);
  });
}
