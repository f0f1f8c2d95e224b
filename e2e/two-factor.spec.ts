// Two-factor authentication in the portal: setup on /security (QR code, setup
// key, recovery codes), the second step of every sign-in, recovery codes,
// turning it off, and "Confirm it's you" for a session that is too old.
// TOTP codes come from oathtool (e2e/support/two-factor.ts says why and how
// the API takes them): each account here uses at most two steps, in order,
// after waiting out the end of a step.
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { awayFromStepBoundary, oathtoolCode } from "../tests/support/oathtool";
import { expect, test } from "./support/test";
import { newAccount, sessionCookieOf, signOutFromHeader, signUpInBrowser, signUpThroughPortal, type TestAccount } from "./support/accounts";
import { emailsTo, magicLinkIn } from "./support/mailbox";
import { makeSessionsStale } from "./support/stale-session";
import { enableThroughApi, switchToAuthenticationCode, wrongCode } from "./support/two-factor";

const heading = (page: Page) => page.getByRole("heading", { level: 1 });
// Scoped to <main>: Next's route announcer is an (empty) alert too.
const formAlert = (page: Page) => page.getByRole("main").getByRole("alert");
const twoFactorSection = (page: Page) => page.getByRole("region", { name: "Two-factor authentication", exact: true });
const appCodeInput = (page: Page) => page.getByLabel("Authentication code");

/** Email and password on /sign-in; an account with two-factor on stops at the second step. */
async function passwordStep(page: Page, account: TestAccount) {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(heading(page)).toHaveText("Two-factor authentication");
  await expect(page.getByText("Enter the 6-digit code from your authenticator app")).toBeVisible();
  await expect(appCodeInput(page)).toBeFocused();
  // Nothing is signed in until the second factor is given.
  expect(await sessionCookieOf(page.context())).toBeUndefined();
}

async function waitForMagicLink(address: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const email = emailsTo(address).find((candidate) => candidate.template === "magic-link");
    if (email) return magicLinkIn(email);
    if (Date.now() > deadline) throw new Error(`no sign-in link to ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** Light and dark screenshots of the page, for people to look at (E2E_SCREENSHOTS=<directory>). */
async function screenshots(page: Page, name: string) {
  const directory = process.env.E2E_SCREENSHOTS;
  if (!directory) return;
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator("html")).toHaveAttribute("data-theme", colorScheme);
    await page.evaluate(() => window.scrollTo(0, 0)); // the sticky header would land mid-page otherwise
    await page.screenshot({ path: `${directory}/${name}-${colorScheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: null });
}

test.describe("two-factor authentication", () => {
  test("set up on /security, save the recovery codes, then sign in with password and a code", async ({ page, context }) => {
    test.setTimeout(90_000);
    const account = newAccount("2fa");
    await signUpInBrowser(page, account);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);

    await page.goto("/security");
    const section = twoFactorSection(page);
    await expect(section.getByText("Off", { exact: true })).toBeVisible();
    await section.getByRole("button", { name: "Set up" }).click();

    // Step 1: the QR code (drawn in the browser as a data: URL) and the setup key.
    await expect(section.getByRole("heading", { name: "Set up your authenticator app" })).toBeVisible();
    const qr = section.getByRole("img", { name: "QR code for your authenticator app" });
    await expect(qr).toHaveAttribute("src", /^data:image\/svg\+xml/);
    expect(await qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    const shownKey = (await section.getByLabel("Setup key", { exact: true }).textContent()) ?? "";
    expect(shownKey).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
    const secret = shownKey.replace(/\s/g, "");
    await screenshots(page, "two-factor-setup");
    await section.getByRole("button", { name: "Copy setup key" }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

    // Step 2: a wrong code is refused beside the field; the code from the app turns it on.
    const setupCode = section.getByLabel("6-digit code");
    await awayFromStepBoundary();
    await setupCode.fill(wrongCode(secret));
    await section.getByRole("button", { name: "Turn on" }).click();
    await expect(section.getByText("That code does not match.")).toBeVisible();
    await expect(setupCode).toHaveAttribute("aria-invalid", "true");
    await setupCode.fill(oathtoolCode(secret));
    await section.getByRole("button", { name: "Turn on" }).click();

    // The recovery codes, this once: 10 of them, downloadable and copyable.
    await expect(section.getByRole("heading", { name: "Save your recovery codes" })).toBeVisible();
    const codeItems = section.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
    await expect(codeItems).toHaveCount(10);
    const recoveryCodes = (await codeItems.allTextContents()).map((text) => text.replace(/^\d+\.\s*/, "").trim());
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);

    const downloading = page.waitForEvent("download");
    await section.getByRole("link", { name: "Download" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("customer-email-service-recovery-codes.txt");
    const file = readFileSync(await download.path(), "utf8");
    expect(file).toContain(`Account: ${account.email}`);
    for (const code of recoveryCodes) expect(file).toContain(`\n${code}\n`);

    await section.getByRole("button", { name: "Copy recovery codes" }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(recoveryCodes.join("\n"));
    await screenshots(page, "two-factor-recovery-codes");

    const done = section.getByRole("button", { name: "Done" });
    await expect(done).toBeDisabled();
    await section.getByLabel("I saved my recovery codes").check();
    await done.click();
    await expect(section.getByRole("status").filter({ hasText: "Two-factor authentication is on." })).toBeVisible();
    await expect(section.getByText("On", { exact: true })).toBeVisible();
    await expect(section.getByRole("button", { name: "Turn off" })).toBeVisible();
    await page.reload();
    await expect(twoFactorSection(page).getByText("On", { exact: true })).toBeVisible();

    // Signing in again: password, then the second step, where a wrong code keeps the step.
    await signOutFromHeader(page, account.email);
    await passwordStep(page, account);
    await appCodeInput(page).fill(wrongCode(secret));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText("That two-factor code is not right (or was already used).")).toBeVisible();
    await screenshots(page, "two-factor-sign-in");
    await expect(heading(page)).toHaveText("Two-factor authentication");
    await expect(appCodeInput(page)).toBeFocused();
    await expect(appCodeInput(page)).toHaveAttribute("aria-invalid", "true");
    expect(await sessionCookieOf(context)).toBeUndefined();

    // The next step's code: the current one was spent turning two-factor on.
    await appCodeInput(page).fill(oathtoolCode(secret, 1));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL("/dashboard");
    expect(await sessionCookieOf(context)).toBeDefined();
  });

  test("a recovery code signs in instead of the app, once", async ({ page, request }) => {
    const account = newAccount("2fa-recovery");
    await signUpThroughPortal(request, account);
    const { recoveryCodes } = await enableThroughApi(request, account);

    await passwordStep(page, account);
    await page.getByRole("button", { name: "Use a recovery code instead" }).click();
    await expect(page.getByText("Enter one of the recovery codes you saved")).toBeVisible();
    const recoveryInput = page.getByLabel("Recovery code");
    await expect(recoveryInput).toBeFocused();
    await recoveryInput.fill(recoveryCodes[3]!);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL("/dashboard");

    // Spent: the same code does not work a second time.
    await signOutFromHeader(page, account.email);
    await passwordStep(page, account);
    await page.getByRole("button", { name: "Use a recovery code instead" }).click();
    await page.getByLabel("Recovery code").fill(recoveryCodes[3]!);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText("That two-factor code is not right (or was already used).")).toBeVisible();
    // Back to the app's code on the same step.
    await page.getByRole("button", { name: "Use your authenticator app instead" }).click();
    await expect(appCodeInput(page)).toBeFocused();
  });

  test("a challenge killed by five wrong codes goes back to the password step and says why", async ({ page, request }) => {
    const account = newAccount("2fa-expired");
    await signUpThroughPortal(request, account);
    const { secret } = await enableThroughApi(request, account);

    await passwordStep(page, account);
    const wrong = wrongCode(secret);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await appCodeInput(page).fill(wrong);
      await page.getByRole("button", { name: "Verify" }).click();
      await expect(appCodeInput(page)).toHaveAttribute("aria-invalid", "true");
      await expect(appCodeInput(page)).toHaveValue("");
    }
    await appCodeInput(page).fill(oathtoolCode(secret));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(heading(page)).toHaveText("Sign in to your account");
    await expect(formAlert(page)).toHaveText("This sign-in attempt has expired. Please sign in again.");
    await expect(formAlert(page)).toBeFocused();
    expect(await sessionCookieOf(page.context())).toBeUndefined();

    // The email is still there; signing in again starts a new challenge, which a still unused code completes.
    await expect(page.getByLabel("Email")).toHaveValue(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(heading(page)).toHaveText("Two-factor authentication");
    await appCodeInput(page).fill(oathtoolCode(secret, 1));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL("/dashboard");
  });

  test("an emailed sign-in link also asks for the second factor", async ({ page, request }) => {
    const account = newAccount("2fa-link");
    await signUpThroughPortal(request, account);
    const { secret } = await enableThroughApi(request, account);

    await page.goto("/sign-in/link");
    await page.getByLabel("Email").fill(account.email);
    await page.getByRole("button", { name: "Email me a sign-in link" }).click();
    await expect(heading(page)).toHaveText("Check your inbox");
    await page.goto(await waitForMagicLink(account.email));
    await page.getByRole("button", { name: "Sign in", exact: true }).click();

    await expect(heading(page)).toHaveText("Two-factor authentication");
    await expect(appCodeInput(page)).toBeFocused();
    // The link is spent: there is no first step to go back to.
    await expect(page.getByRole("button", { name: "Start over" })).toHaveCount(0);
    expect(await sessionCookieOf(page.context())).toBeUndefined();
    await appCodeInput(page).fill(oathtoolCode(secret));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL("/dashboard");
    await page.goto("/sessions");
    await expect(
      page.getByRole("list", { name: "Active sessions" }).getByRole("listitem").filter({ hasText: "This device" }),
    ).toContainText("Magic link");
  });

  test("turning it off takes a current code; a wrong one is refused", async ({ page, request }) => {
    const account = newAccount("2fa-off");
    await signUpInBrowser(page, account);
    const { secret } = await enableThroughApi(request, account);

    await page.goto("/security");
    const section = twoFactorSection(page);
    await expect(section.getByText("On", { exact: true })).toBeVisible();
    await section.getByRole("button", { name: "Turn off" }).click();
    await expect(section.getByRole("heading", { name: "Turn off two-factor authentication?" })).toBeVisible();
    const code = section.getByLabel("Authentication code");
    await expect(code).toBeFocused();

    // A wrong code answers 401 from the API: the page says so, and the portal session stays.
    await code.fill(wrongCode(secret));
    await section.getByRole("button", { name: "Turn off" }).click();
    await expect(section.getByText("That two-factor code is not right.")).toBeVisible();
    await screenshots(page, "two-factor-turn-off");
    await expect(page).toHaveURL("/security");
    expect(await sessionCookieOf(page.context())).toBeDefined();

    await code.fill(oathtoolCode(secret));
    await section.getByRole("button", { name: "Turn off" }).click();
    await expect(section.getByRole("status").filter({ hasText: "Two-factor authentication is off." })).toBeVisible();
    await expect(section.getByText("Off", { exact: true })).toBeVisible();
    await expect(section.getByRole("button", { name: "Set up" })).toBeVisible();
    const me = await page.request.get("/api/portal/auth/me");
    expect(((await me.json()) as { data: { twoFactorEnabled: boolean } }).data.twoFactorEnabled).toBe(false);
  });

  test("setup on a stale session asks 'Confirm it's you', then carries on", async ({ page }) => {
    const account = newAccount("2fa-reauth");
    await signUpInBrowser(page, account);
    await makeSessionsStale(account.email);
    await page.goto("/security");
    const section = twoFactorSection(page);
    await section.getByRole("button", { name: "Set up" }).click();

    const confirm = section.getByRole("region", { name: "Confirm it’s you" });
    await expect(confirm).toContainText("Setting up two-factor authentication needs a sign-in from the last 15 minutes");
    await expect(confirm.getByRole("button", { name: "Sign out and sign in again" })).toBeVisible();
    const password = confirm.getByLabel("Password", { exact: true });
    await expect(password).toBeFocused();

    // A wrong password is the API's 401 about the password, not about the session: still signed in.
    await password.fill("not-the-password-at-all");
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await expect(confirm.getByText("That password is not right.")).toBeVisible();
    await screenshots(page, "two-factor-confirm-identity");
    await expect(page).toHaveURL("/security");
    expect(await sessionCookieOf(page.context())).toBeDefined();

    await password.fill(account.password);
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await expect(section.getByRole("heading", { name: "Set up your authenticator app" })).toBeVisible();
    await section.getByRole("button", { name: "Cancel" }).click();
    await expect(section.getByRole("button", { name: "Set up" })).toBeVisible();
  });

  test("with two-factor on, 'Confirm it's you' also takes a code from the app", async ({ page, request }) => {
    const account = newAccount("2fa-reauth-code");
    await signUpInBrowser(page, account);
    const { secret } = await enableThroughApi(request, account);
    await makeSessionsStale(account.email);
    await page.goto("/security");
    const toggle = page.getByRole("switch", { name: "Sign in with an emailed code" });
    await toggle.click();
    const confirm = page.getByRole("region", { name: "Confirm it’s you" });
    const code = await switchToAuthenticationCode(confirm);
    await code.fill(oathtoolCode(secret));
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await expect(toggle).toHaveAttribute("aria-checked", "true");
    await expect(confirm).toHaveCount(0);
  });
});
