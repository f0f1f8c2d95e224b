// Charts of how mail lands (docs/deliverability.md): the dashboard's last 30
// days drawn from GET /sending/stats, with its rates and the same numbers as a
// table, wide and on a 390 px phone, in the light and the dark theme; a click
// on today lists today's messages. A domain's page adds its providers and the
// DMARC reports that came to the MX, flagging a source that fails.
import { gzipSync } from "node:zlib";
import { newAccount, signUpThroughPortal } from "./support/accounts";
import { sendThroughMx } from "./support/hosted-mailbox";
import { arrangeSentMessage } from "./support/sending-data";
import { expectNoSidewaysScroll, wideAndPhone } from "./support/screens";
import { expect, test } from "./support/test";

test("the dashboard charts the last 30 days; a day in its table lists that day's messages", async ({ page }, testInfo) => {
  test.slow();
  const account = newAccount("charts");
  await signUpThroughPortal(page.request, account);
  const { messageId } = await arrangeSentMessage(page.request, account);
  const section = page.getByRole("region", { name: "Last 30 days" });
  const chart = section.getByTestId("delivery-chart");

  await page.goto("/dashboard");
  // Two recipients handed off, once delivery has written the outcome.
  // The section reads its numbers once it comes near the screen, as a reader scrolls to it.
  await expect(async () => {
    await page.reload();
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByTestId("rate-Sent")).toHaveText("2", { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });

  for (const [screen, viewport] of wideAndPhone) {
    for (const colorScheme of ["light", "dark"] as const) {
      await test.step(`${screen}, ${colorScheme}`, async () => {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme });
        await page.reload();
        await expect(page.locator("html")).toHaveAttribute("data-theme", colorScheme);
        await section.scrollIntoViewIfNeeded();
        await expect(chart.locator("canvas").first()).toBeVisible();
        await expect(chart.getByRole("img", { name: /Sent, delivered, bounced and complaints per day/ })).toBeVisible();
        const box = (await chart.locator(".uplot").boundingBox())!;
        expect(box.width).toBeLessThanOrEqual(viewport.width);
        await expectNoSidewaysScroll(page);
        await section.screenshot({ path: testInfo.outputPath(`dashboard-chart-${viewport.width}-${colorScheme}.png`) });
      });
    }
  }

  // The table view: 30 days, today last with both recipients sent.
  await chart.getByText("Show as a table").click();
  const rows = chart.getByRole("table", { name: /Sent, delivered/ }).getByRole("row");
  await expect(rows).toHaveCount(31);
  await expect(rows.last().getByRole("cell").first()).toHaveText("2");
  await rows.last().getByRole("link").click();
  const todayStart = `${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`;
  await expect(page).toHaveURL(new RegExp(`/messages\\?since=${encodeURIComponent(todayStart)}`));
  await expect(page.getByTestId("messages-window")).toContainText("Created on");
  await expect(page.getByRole("link", { name: /Your receipt for order 10482/ })).toHaveAttribute("href", `/messages/${messageId}`);
  await page.getByRole("button", { name: "Any time" }).click();
  await expect(page).toHaveURL("/messages");
});

test("a domain's page charts its last 30 days and splits them by provider", async ({ page }, testInfo) => {
  test.slow();
  const account = newAccount("domain-charts");
  await signUpThroughPortal(page.request, account);
  const { domain, domainId } = await arrangeSentMessage(page.request, account, { to: ["ada@gmail.com", "bob@example.com"] });
  await page.goto("/domains");
  await page.getByRole("link", { name: `Stats of ${domain}` }).click();
  await expect(page).toHaveURL(`/domains/${domainId}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(domain);
  const providers = page.getByRole("region", { name: "By recipient provider" });
  await expect(async () => {
    await page.reload();
    await expect(providers.getByTestId("provider-gmail")).toContainText("1", { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(providers.getByTestId("provider-other")).toContainText("1");
  const chart = page.getByRole("region", { name: "Last 30 days" }).getByTestId("delivery-chart");
  await chart.scrollIntoViewIfNeeded();
  await expect(chart.locator("canvas").first()).toBeVisible();

  // Before any report: the record that asks for them. Then Google's report arrives at the MX.
  const dmarc = page.getByRole("region", { name: "DMARC reports" });
  await expect(dmarc).toContainText("No reports yet");
  const address = /rua=mailto:([^;]+);/.exec((await dmarc.textContent()) ?? "")![1]!;
  await sendThroughMx({
    to: address,
    subject: `Report domain: ${domain}`,
    text: "Aggregate report attached.",
    attachments: [{ filename: "google.com!report.xml.gz", content: gzipSync(aggregateReport(domain)), contentType: "application/gzip" }],
  });
  await page.reload();
  const sources = dmarc.getByTestId("dmarc-source");
  await expect(sources).toHaveCount(2);
  await expect(sources.first()).toContainText("192.0.2.10");
  await expect(sources.nth(1)).toContainText("Fails DMARC");
  await expect(dmarc.getByRole("list", { name: "Latest DMARC reports" })).toContainText("google.com");
  for (const [screen, viewport] of wideAndPhone) {
    for (const colorScheme of ["light", "dark"] as const) {
      await test.step(`${screen}, ${colorScheme}`, async () => {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme });
        await expect(page.locator("html")).toHaveAttribute("data-theme", colorScheme);
        await expectNoSidewaysScroll(page);
        await page.screenshot({ path: testInfo.outputPath(`domain-page-${viewport.width}-${colorScheme}.png`), fullPage: true });
      });
    }
  }
});

/** A day's aggregate report from Google: the domain's own servers pass, one other server fails. */
function aggregateReport(domain: string): string {
  const row = (ip: string, count: number, verdict: string) =>
    `<record><row><source_ip>${ip}</source_ip><count>${count}</count><policy_evaluated><disposition>none</disposition><dkim>${verdict}</dkim><spf>${verdict}</spf></policy_evaluated></row><identifiers><header_from>${domain}</header_from></identifiers></record>`;
  const now = Math.floor(Date.now() / 1000);
  return `<?xml version="1.0"?><feedback><report_metadata><org_name>google.com</org_name><report_id>${now}</report_id><date_range><begin>${now - 86_400}</begin><end>${now - 60}</end></date_range></report_metadata><policy_published><domain>${domain}</domain><p>none</p></policy_published>${row("192.0.2.10", 120, "pass")}${row("203.0.113.9", 4, "fail")}</feedback>`;
}
