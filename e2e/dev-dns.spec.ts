// The Domains page with the development DNS, on a server of its own started
// as a newcomer runs it (no DNS_SERVERS, the development DNS on): the page
// says the records are already published, and Verify verifies a new domain
// for sending and receiving with nothing published by hand; on a wide screen
// and on a 390 px phone. (The shared e2e server resolves through the test DNS
// server, so its Domains page shows none of this: see domains.spec.ts.)
import { randomBytes } from "node:crypto";
import { freeLoopbackPort } from "../server/engines/free-port";
import { startTestServer, type TestServer } from "../tests/support/test-server";
import { newAccount, signUpInBrowser } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import { test as base, expect } from "./support/test";

// Both tests in one worker, so they share the one extra server.
base.describe.configure({ mode: "serial" });

const test = base.extend<{ devDnsPort: number }, { devServer: { server: TestServer; dnsPort: number } }>({
  devServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a function asks for from its first parameter.
    async ({}, use) => {
      const dnsPort = await freeLoopbackPort();
      const server = await startTestServer({
        label: "e2e-dev-dns",
        env: { DNS_SERVERS: "", DEV_DNS_PORT: String(dnsPort), LOG_LEVEL: "warn", RATE_LIMIT_OVERRIDES: "register=1000/3600" },
      });
      await use({ server, dnsPort });
      await server.stop();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  // The session cookie is __Secure-: the browser keeps it for http://localhost only.
  baseURL: async ({ devServer }, use) => use(devServer.server.baseUrl.replace("127.0.0.1", "localhost")),
  devDnsPort: async ({ devServer }, use) => use(devServer.dnsPort),
});

for (const [label, viewport] of [
  ["wide screen", { width: 1280, height: 900 }],
  ["390 px phone", { width: 390, height: 844 }],
] as const) {
  test(`domains page with the development DNS, ${label}: the note, then a new domain verifies with one click`, async ({
    page,
    devDnsPort,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(viewport);
    const domain = `shop-${randomBytes(4).toString("hex")}.example.org`;
    await signUpInBrowser(page, newAccount("dev-dns"));
    await page.goto("/domains");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Domains");
    const note = page.getByRole("paragraph").filter({ hasText: "Development DNS." });
    await expect(note).toBeVisible();
    await expect(note).toContainText(`127.0.0.1:${devDnsPort}`);
    await expect(note).toContainText(`dig @127.0.0.1 -p ${devDnsPort} TXT <domain>`);

    await page.getByLabel("Domain", { exact: true }).fill(domain);
    await page.getByRole("button", { name: "Add domain" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: `Added ${domain}. The development DNS already serves its records: press Verify.` }),
    ).toBeVisible();
    const card = page.getByRole("region", { name: domain });
    await card.getByRole("button", { name: `Verify ${domain}` }).click();
    await expect(page.getByRole("status").filter({ hasText: `Checked ${domain}: verified. It can send.` })).toBeVisible();
    await expect(card.getByText("Receiving: on")).toBeVisible();

    const [scrollWidth, clientWidth] = await page.evaluate(() => [
      document.documentElement.scrollWidth,
      document.documentElement.clientWidth,
    ]);
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth!);
    expect(await seriousViolations(page)).toEqual([]);
  });
}
