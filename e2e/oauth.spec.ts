// Sign-in with Google and GitHub through the portal, against the local fake
// providers playwright.config.ts starts (Google: a real OpenID provider,
// oidc-provider; GitHub: a GitHub-shaped server). Both are third parties
// outside this machine, so the e2e run never reaches the real ones.
import { expect, test } from "@playwright/test";
import { newAccount } from "./support/accounts";

test("signs in with Google from the sign-in page and shows the link in Security", async ({ page }) => {
  const { email } = newAccount("google");
  await page.goto("/sign-in");
  await page.getByRole("link", { name: "Continue with Google" }).click();
  await expect(page.getByRole("heading", { name: /Sign in to continue/ })).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL("/dashboard");
  // The exchange code never stays in the address bar or history.
  expect(page.url()).not.toContain("code=");

  await page.goto("/security");
  const section = page.getByRole("region", { name: "Sign-in methods" });
  await expect(section.getByText(`Signs in as ${email}`)).toBeVisible();
  await expect(section.getByText("Linked", { exact: true })).toBeVisible();
  await expect(section.getByText("Not linked", { exact: true })).toBeVisible();
});

test("signs up with GitHub and returns to the page that was asked for", async ({ page }) => {
  const { email } = newAccount("github");
  await page.goto("/sign-up?callbackUrl=%2Factivity");
  await page.getByRole("link", { name: "Continue with GitHub" }).click();
  await expect(page.getByRole("heading", { name: /Authorize/ })).toBeVisible();
  await page.getByLabel("Login").fill(`octo-${Date.now().toString(36)}`);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Authorize" }).click();
  await expect(page).toHaveURL("/activity");
  await expect(page.getByText("Account created with GitHub")).toBeVisible();
});

test("explains a refused sign-in when the provider's email is not verified", async ({ page }) => {
  const { email } = newAccount("unverified");
  await page.goto("/sign-in");
  await page.getByRole("link", { name: "Continue with Google" }).click();
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Email verified").uncheck();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "We could not sign you in" })).toBeVisible();
  await expect(page.getByText(/does not confirm that your email address is verified/)).toBeVisible();
  await expect(page).toHaveURL("/auth/oauth/complete");
});
