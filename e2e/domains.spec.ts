// The Domains page: add a domain, publish its records in the test DNS server
// (started by playwright.config.ts; the app resolves through it), verify, delete.
import { randomBytes } from "node:crypto";
import { publishRecords } from "../tests/support/dns-server";
import { newAccount, signUpInBrowser } from "./support/accounts";
import { recordsShown, testDns } from "./support/sending-domains";
import { expect, test } from "./support/test";

test.describe("domains page", () => {
  test("add a domain, publish its records, verify it, then delete it", async ({ page, context }) => {
    const account = newAccount("domains");
    const domain = `shop-${randomBytes(4).toString("hex")}.example.org`;
    await signUpInBrowser(page, account);
    await page.getByRole("navigation", { name: "Primary" }).getByRole("link", { name: "Domains" }).click();
    await expect(page).toHaveURL("/domains");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Domains");
    await expect(page.getByText("No domains yet")).toBeVisible();
    // The app resolves through DNS_SERVERS here, so the development DNS's note is not shown (dev-dns.spec.ts has it).
    await expect(page.getByText("Development DNS.")).toHaveCount(0);

    // The API's reason for refusing a name appears beside the field.
    const field = page.getByLabel("Domain", { exact: true });
    await field.fill("192.0.2.1");
    await page.getByRole("button", { name: "Add domain" }).click();
    await expect(page.getByText("Enter a domain name, not an IP address.")).toBeVisible();
    await expect(field).toHaveAttribute("aria-invalid", "true");

    await field.fill(domain.toUpperCase());
    await page.getByRole("button", { name: "Add domain" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Added ${domain}.` })).toBeVisible();
    const card = page.getByRole("region", { name: domain });
    await expect(card.getByText("Pending", { exact: true })).toBeVisible();
    await expect(card.getByRole("row")).toHaveCount(7);
    await expect(card.getByText("Never")).toHaveCount(6);
    await expect(card.getByText("Receiving: not set up")).toBeVisible();

    const records = await recordsShown(page, domain);
    expect(records.map((record) => record.type)).toEqual(["TXT", "TXT", "TXT", "TXT", "CNAME", "MX"]);
    // The MX record is for receiving (hosted mailboxes), with its priority; sending does not need it.
    expect(records[5]).toMatchObject({ name: domain, value: "localhost" });
    await expect(card.getByText("For receiving")).toBeVisible();
    await expect(card.getByText("Priority 10")).toBeVisible();
    // Optional client-discovery records sit apart, folded, marked optional.
    await card.getByText("Optional: records that let mail apps find their settings").click();
    await expect(card.getByRole("list", { name: `Optional records for ${domain}` }).getByRole("listitem")).toHaveCount(3);
    expect(records[2]!.value).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/=]{300,}$/);

    // Each value has its own copy button.
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await card.getByRole("button", { name: "Copy DKIM value" }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(records[2]!.value);

    // Outside production the SPF include and the return path name localhost, and the page says why.
    await expect(card.getByText("That is expected outside production")).toHaveCount(2);

    // Verifying before publishing is a warning, never a success, and each record says what DNS returned.
    await testDns().publish(records[4]!.name, "CNAME", ["bounces.elsewhere.example"]);
    await card.getByRole("button", { name: `Verify ${domain}` }).click();
    const warning = page.getByRole("status").filter({ hasText: `Checked ${domain}: pending.` });
    await expect(warning).toContainText("4 required records are not in place yet");
    await expect(warning).toHaveClass(/amber/);
    await expect(card.getByText("DNS has no TXT record at this name yet.")).toHaveCount(4);
    await expect(card.getByRole("list", { name: `Found at ${records[4]!.name}` })).toHaveText("bounces.elsewhere.example");

    await publishRecords(testDns(), records);
    await card.getByRole("button", { name: `Verify ${domain}` }).click();
    await expect(card.getByText("Verified", { exact: true })).toBeVisible();
    await expect(card.getByText("Found", { exact: true })).toHaveCount(6);
    await expect(card.getByText("just now")).toHaveCount(7); // the domain's last check and each record's
    await expect(card.getByText("Receiving: on")).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: `Checked ${domain}: verified.` })).toBeVisible();

    await card.getByRole("button", { name: `Delete… ${domain}` }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(`Delete ${domain}?`);
    await dialog.getByRole("button", { name: "Delete domain" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("status").filter({ hasText: `Deleted ${domain}.` })).toBeVisible();
    await expect(page.getByText("No domains yet")).toBeVisible();
  });
});
