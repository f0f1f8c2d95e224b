// Billing in the browser: upgrading through the built-in sandbox gateway
// (its checkout page delivers a signed webhook to our own endpoint, then
// returns here), the invoice it leaves, cancelling, and a declined top-up.
import type { Page } from "@playwright/test";
import { newAccount, signUpInBrowser } from "./support/accounts";
import { expect, test } from "./support/test";

const section = (page: Page, name: string) => page.getByRole("region", { name });

async function openBilling(page: Page) {
  await page.getByRole("navigation", { name: "Primary" }).getByRole("link", { name: "Billing" }).click();
  await expect(page).toHaveURL("/billing");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Billing");
}

test.describe("billing page", () => {
  // Several page loads and a round trip through the gateway page per test.
  test.describe.configure({ timeout: 60_000 });

  test("upgrade through the sandbox checkout, see the invoice, cancel at period end", async ({ page }) => {
    await signUpInBrowser(page, newAccount("billing"));
    await openBilling(page);
    const current = section(page, "Current plan");
    await expect(current).toContainText("Free");
    await expect(section(page, "Payment methods").getByRole("radio", { name: /Sandbox/ })).toBeChecked();
    await expect(section(page, "Invoices")).toContainText("No invoices yet");

    await page.getByRole("listitem", { name: "Pro plan" }).getByRole("button", { name: "Choose Pro" }).click();
    await expect(page).toHaveURL(/\/billing\/sandbox\/checkout\/pay-[0-9a-f]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pay $50.00");
    await page.getByRole("button", { name: "Pay", exact: true }).click();

    await expect(page).toHaveURL(/\/billing\/return\?provider=sandbox&reference=pay-/);
    await expect(page.getByRole("main").getByRole("status").filter({ hasText: "Payment received" })).toContainText("You are on Pro until");

    await page.getByRole("link", { name: "Back to billing" }).click();
    await expect(current).toContainText("Pro");
    await expect(current).toContainText("Active");
    const invoiceRows = section(page, "Invoices").getByRole("row");
    await expect(invoiceRows).toHaveCount(2); // header + one invoice
    await expect(invoiceRows.nth(1)).toContainText("$50.00");
    await expect(invoiceRows.nth(1)).toContainText("Pro plan");
    await expect(invoiceRows.nth(1)).toContainText("Paid");
    // On a paid plan, the page says what happens to the paid month when changing plan.
    await expect(page.getByTestId("plan-change-note")).toContainText("is not refunded or carried over");

    await current.getByRole("button", { name: "Cancel plan…" }).click();
    const dialog = page.getByRole("dialog", { name: "Cancel Pro?" });
    await expect(dialog).toContainText("You keep Pro until");
    await dialog.getByRole("button", { name: "Cancel plan" }).click();
    await expect(dialog).toBeHidden();
    await expect(current.getByRole("status")).toContainText("Your plan will end on");
    await expect(current).toContainText("Ends soon");
    await expect(current).toContainText("Canceled: stays on Pro until");
    await expect(current.getByRole("button", { name: "Cancel plan…" })).toHaveCount(0);

    // A reload shows the same state from the API.
    await page.reload();
    await expect(section(page, "Current plan")).toContainText("Canceled: stays on Pro until");

    // "Contact sales" opens the support form about that plan, not an email address.
    await page.getByRole("listitem", { name: "Enterprise plan" }).getByRole("link", { name: "Contact sales" }).click();
    await expect(page).toHaveURL("/support?category=billing&subject=Enterprise%20plan");
    await expect(page.getByLabel("Subject")).toHaveValue("Enterprise plan");
    await expect(page.getByLabel("Topic")).toHaveValue("billing");

    // The invoice opens as a printable page.
    await page.goto("/billing");
    await section(page, "Invoices")
      .getByRole("link", { name: /^View invoice INV-/ })
      .click();
    await expect(page).toHaveURL(/\/billing\/invoices\/inv_/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Invoice INV-\d{6,}$/);
    await expect(page.getByTestId("invoice-total")).toHaveText("$50.00");
    await expect(page.getByRole("region", { name: "Billed to" })).toContainText("@example.test");
    await expect(page.getByRole("button", { name: "Print or save as PDF" })).toBeVisible();
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("banner").first()).toBeHidden();
    await expect(page.getByRole("button", { name: "Print or save as PDF" })).toBeHidden();
  });

  test("a declined top-up changes nothing; a paid one adds the credits", async ({ page }) => {
    await signUpInBrowser(page, newAccount("credits"));
    await openBilling(page);
    const credits = section(page, "Email credits");
    await expect(credits).toContainText("Balance: 0 credits");

    await credits.getByRole("button", { name: "Buy 10,000 credits" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pay $10.00");
    await page.getByRole("button", { name: "Decline" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toContainText("Payment failed");

    await page.getByRole("link", { name: "Back to billing" }).click();
    await expect(credits).toContainText("Balance: 0 credits");
    await credits.getByRole("button", { name: "Buy 10,000 credits" }).click();
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page.getByRole("main").getByRole("status").filter({ hasText: "Payment received" })).toContainText("credits were added");
    await page.getByRole("link", { name: "Back to billing" }).click();
    await expect(credits).toContainText("Balance: 10,000 credits");
    await expect(section(page, "Invoices").getByRole("row")).toHaveCount(2);
  });
});
