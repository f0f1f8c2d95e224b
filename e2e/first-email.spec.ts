// The first email (issue #24): a new account confirms its address and sends a
// test email from the service's test sender in one click, then sees it sent in
// the portal and in the dev mailbox, all well inside two minutes.
import { newAccount, signUpInBrowser } from "./support/accounts";
import { codeIn, waitForEmail } from "./support/mailbox";
import { expect, test } from "./support/test";

test("sign up, confirm the address, send the test email, see it delivered", async ({ page }) => {
  test.setTimeout(120_000);
  const started = Date.now();
  const account = newAccount("first-email");
  await signUpInBrowser(page, account);

  const step = page.getByRole("list", { name: "Onboarding steps" }).getByRole("listitem").first();
  await expect(step).toContainText("Send a test email");
  // Signing up does not prove the address: a code does.
  await step.getByRole("button", { name: "Email me a code" }).click();
  const confirmation = await waitForEmail(account.email);
  expect(confirmation.subject).toBe("Confirm your email address");
  await step.getByLabel("Code from the email").fill(codeIn(confirmation));
  await step.getByRole("button", { name: "Confirm address" }).click();

  await expect(step).toContainText(`From Onboarding <onboarding@localhost> to ${account.email}`);
  await expect(step).toContainText("20 of 20 left today");
  await step.getByRole("button", { name: "Send a test email" }).click();

  // The message opens, and its page follows it until the job queue has sent it.
  await expect(page).toHaveURL(/\/messages\/msg_/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hello from your first email");
  const events = page.getByRole("list", { name: "Message events" }).getByRole("listitem");
  await expect(events.filter({ hasText: "Sent" })).toHaveCount(1, { timeout: 30_000 });

  // The dev mailbox has it, signed by the service.
  const delivered = await waitForEmail(account.email, { count: 2 });
  expect(delivered.subject).toBe("Hello from your first email");
  await page.goto("/dev/mail");
  await expect(
    page.getByRole("navigation", { name: "Emails" }).getByRole("link").filter({ hasText: "Hello from your first email" }),
  ).toHaveCount(1);

  // Back on the dashboard the step is done.
  await page.goto("/dashboard");
  await expect(step).toContainText("(done)");
  const seconds = (Date.now() - started) / 1000;
  console.log(`first email: sign-up to delivered and seen in ${seconds.toFixed(1)} s`);
  expect(seconds).toBeLessThan(120);
});

test("the new key's dialog shows a curl and a Node example that send the test email", async ({ page }) => {
  const account = newAccount("first-key");
  await signUpInBrowser(page, account);
  await page.goto("/api-keys");
  const form = page.getByRole("region", { name: "Create a key" });
  await form.getByLabel("Name", { exact: true }).fill("First key");
  await form.getByRole("button", { name: "Create key" }).click();
  const dialog = page.getByRole("dialog", { name: "Copy your new key" });
  const secret = (await dialog.getByTestId("api-key-secret").innerText()).trim();
  const snippet = dialog.getByTestId("first-email-snippet");
  await expect(snippet).toContainText(`curl -X POST http://localhost:${new URL(page.url()).port}/api/v1/sending/messages`);
  await expect(snippet).toContainText(`Authorization: Bearer ${secret}`);
  await expect(snippet).toContainText(`"to":"${account.email}"`);
  await expect(dialog).toContainText(`Confirm ${account.email} first`);
  await dialog.getByRole("button", { name: "Node.js" }).click();
  await expect(snippet).toContainText("await fetch(");
  await expect(snippet).toContainText(`"from": "Onboarding <onboarding@localhost>"`);
});
