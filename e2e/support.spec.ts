// /support: open a ticket signed out (the reference arrives by email), and
// signed in (the ticket is listed under the form).
import { expect, test } from "./support/test";
import { newAccount, signUpInBrowser } from "./support/accounts";
import { waitForEmail } from "./support/mailbox";

test("a visitor opens a ticket without an account and gets the reference by email", async ({ page }) => {
  const email = newAccount("support").email;
  await page.goto("/");
  await page.getByRole("navigation", { name: "Primary" }).getByRole("link", { name: "Support" }).click();
  await expect(page).toHaveURL("/support");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact support");
  await expect(page.getByRole("heading", { name: "Your tickets" })).toHaveCount(0);

  // The API's rules run before anything is sent.
  await page.getByRole("button", { name: "Send to support" }).click();
  await expect(page.getByText("Subject is required")).toBeVisible();

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Topic").selectOption("deliverability");
  await page.getByLabel("Subject").fill("Mail to example.org bounces");
  await page.getByLabel("Message").fill("Every message to example.org bounces with 550 since this morning.");
  await page.getByRole("button", { name: "Send to support" }).click();

  const reference = page.getByTestId("ticket-reference");
  await expect(reference).toHaveText(/^SUP-[A-Z0-9]{6}$/);
  const acknowledgement = await waitForEmail(email);
  expect(acknowledgement.subject).toBe(`We received your request (${await reference.textContent()})`);
  expect(acknowledgement.text).not.toContain("example.org bounces");
});

test("a signed-in customer's ticket is prefilled, linked and listed", async ({ page }) => {
  const account = newAccount("support-signed-in");
  await signUpInBrowser(page, account);
  await page.goto("/support");
  await expect(page.getByLabel("Email")).toHaveValue(account.email);
  const tickets = page.getByRole("list", { name: "Your tickets" });
  await expect(page.getByText("You have not opened any tickets while signed in.")).toBeVisible();

  await page.getByLabel("Subject").fill("Invoice address");
  await page.getByLabel("Topic").selectOption("billing");
  await page.getByLabel("Message").fill("Please put our company name on the next invoice.");
  await page.getByRole("button", { name: "Send to support" }).click();
  const reference = await page.getByTestId("ticket-reference").textContent();
  await expect(tickets.getByRole("listitem")).toHaveCount(1);
  await expect(tickets.getByRole("listitem")).toContainText("Invoice address");
  await expect(tickets.getByRole("listitem")).toContainText(reference!);
  await expect(tickets.getByRole("listitem")).toContainText("Open");
});
