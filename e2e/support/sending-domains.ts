// Sending domains for browser specs: read the DNS records the Domains page
// shows and publish them in the test DNS server (started by playwright.config.ts;
// the app resolves through it), the way a customer would at their DNS provider.
import type { Page } from "@playwright/test";
import { dnsControl, publishRecords } from "../../tests/support/dns-server";
import { expect } from "./test";

export const testDns = () => dnsControl(process.env.E2E_DNS_CONTROL_URL!);

/** The records as the table shows them: what a customer copies into their DNS provider. */
export async function recordsShown(page: Page, domain: string) {
  const rows = page.getByRole("region", { name: domain }).getByRole("table").getByRole("row");
  const records: { type: string; name: string; value: string }[] = [];
  for (const row of await rows.all()) {
    const cells = row.getByRole("cell");
    if ((await cells.count()) === 0) continue; // the header row
    const [type, name, value] = await Promise.all([
      cells.nth(0).innerText(),
      cells.nth(1).locator("code").innerText(),
      cells.nth(2).locator("code").innerText(),
    ]);
    records.push({ type: type.trim(), name: name.trim(), value: value.trim() });
  }
  return records;
}

/** On /domains: adds the domain and waits for its card with the records to publish. */
export async function addDomainInPortal(page: Page, domain: string) {
  await page.getByLabel("Domain", { exact: true }).fill(domain);
  await page.getByRole("button", { name: "Add domain" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Added ${domain}.` })).toBeVisible();
  const card = page.getByRole("region", { name: domain });
  // One row per record (the header row, hidden on phones, has no cells).
  await expect(card.getByRole("row").filter({ has: page.getByRole("cell") })).toHaveCount(6);
  return card;
}

/** On /domains, after addDomainInPortal: publishes the shown records and verifies the domain. */
export async function publishAndVerifyInPortal(page: Page, domain: string) {
  await publishRecords(testDns(), await recordsShown(page, domain));
  const card = page.getByRole("region", { name: domain });
  await card.getByRole("button", { name: `Verify ${domain}` }).click();
  await expect(card.getByText("Verified", { exact: true })).toBeVisible();
}
