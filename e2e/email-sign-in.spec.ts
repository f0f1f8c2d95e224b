// Signing in without a password: an emailed code (once turned on in
// /security) and an emailed link (which signs in only on a click).
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import {
  newAccount,
  sessionCookieOf,
  sessionsList,
  signInInBrowser,
  signOutFromHeader,
  signUpInBrowser,
  signUpThroughPortal,
} from "./support/accounts";
import { codeIn, emailCountAfterDelivery, magicLinkIn, waitForEmail } from "./support/mailbox";
import { makeSessionsStale } from "./support/stale-session";

// Scoped to <main>: Next's route announcer is an (empty) alert too.
const formAlert = (page: Page) => page.getByRole("main").getByRole("alert");
const heading = (page: Page) => page.getByRole("heading", { level: 1 });
const codeSwitch = (page: Page) => page.getByRole("switch", { name: "Sign in with an emailed code" });

test.describe("sign in with an emailed code", () => {
  test("turn it on in /security, sign out, then sign in with the newest emailed code", async ({ page }) => {
    const account = newAccount("code");
    await signUpInBrowser(page, account);

    // A fresh session (just signed up) may turn code sign-in on.
    await page.getByRole("navigation", { name: "Primary" }).getByRole("link", { name: "Security" }).click();
    await expect(page).toHaveURL("/security");
    await expect(page).toHaveTitle("Security · Customer Email Service");
    const toggle = codeSwitch(page);
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    await expect(toggle).toHaveAccessibleDescription(/6-digit code by email/);
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-checked", "true");
    await expect(page.getByRole("status").filter({ hasText: "Sign-in with an emailed code is on." })).toBeVisible();
    await page.reload();
    await expect(codeSwitch(page)).toHaveAttribute("aria-checked", "true");

    await signOutFromHeader(page, account.email);
    // Back to /security after signing in, through the code page.
    await page.goto("/security");
    await expect(page).toHaveURL("/sign-in?callbackUrl=%2Fsecurity");
    await page.getByRole("link", { name: "Email me a code instead" }).click();
    await expect(page).toHaveURL("/sign-in/code?callbackUrl=%2Fsecurity");
    await expect(heading(page)).toHaveText("Sign in with a code");
    await page.getByLabel("Email").fill(account.email);
    await page.getByRole("button", { name: "Email me a code" }).click();

    await expect(heading(page)).toHaveText("Check your inbox");
    await expect(page.getByText(`If ${account.email} can sign in with a code, we have emailed one.`)).toBeVisible();
    const codeInput = page.getByLabel("Sign-in code");
    await expect(codeInput).toBeFocused();
    await expect(codeInput).toHaveAttribute("inputmode", "numeric");
    await expect(codeInput).toHaveAttribute("autocomplete", "one-time-code");
    const first = await waitForEmail(account.email);
    expect(first.subject).toBe("Your sign-in code");

    // Resend: a new code replaces the first.
    await page.getByRole("button", { name: "Send a new code" }).click();
    await expect(page.getByRole("status").filter({ hasText: "a new email is on its way" })).toBeVisible();
    const second = await waitForEmail(account.email, { count: 2 });

    // Pasted with a space, as codes often are; the field keeps the digits.
    await codeInput.fill(`${codeIn(second).slice(0, 3)} ${codeIn(second).slice(3)}`);
    await expect(codeInput).toHaveValue(codeIn(second));
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL("/security");
    await expect(codeSwitch(page)).toHaveAttribute("aria-checked", "true");

    await page.goto("/sessions");
    const rows = sessionsList(page).getByRole("listitem");
    await expect(rows.filter({ hasText: "This device" })).toContainText("Email code");
  });

  test("with code sign-in off, the page still says 'check your inbox' but no email comes, and a made-up code fails", async ({
    page,
    request,
  }) => {
    const account = newAccount("nocode");
    await signUpThroughPortal(request, account);

    await page.goto("/sign-in/code");
    await expect(page.getByRole("main")).toContainText("turned on sign-in with an emailed code in your account’s Security settings");
    await page.getByLabel("Email").fill(account.email);
    await page.getByRole("button", { name: "Email me a code" }).click();
    // The same answer as for an account that has it on: nothing to enumerate.
    await expect(heading(page)).toHaveText("Check your inbox");
    await expect(page.getByText(`If ${account.email} can sign in with a code, we have emailed one.`)).toBeVisible();
    expect(await emailCountAfterDelivery(account.email)).toBe(0);

    // Checked in the browser with the API's schema: never sent.
    const codeInput = page.getByLabel("Sign-in code");
    await codeInput.fill("12");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByText("Enter the 6-digit code from the email")).toBeVisible();
    await expect(codeInput).toHaveAttribute("aria-invalid", "true");

    await codeInput.fill("123456");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(formAlert(page)).toHaveText("The code is wrong, already used or expired. Ask for a new one.");
    await expect(page).toHaveURL("/sign-in/code");
    expect(await sessionCookieOf(page.context())).toBeUndefined();

    // "Use a different email" goes back to the first step.
    await page.getByRole("button", { name: "Use a different email" }).click();
    await expect(heading(page)).toHaveText("Sign in with a code");
  });
});

test.describe("sign in with an emailed link", () => {
  test("opening the link does not sign in; pressing Sign in does, once", async ({ page, context, browser, baseURL, request }) => {
    const account = newAccount("link");
    await signUpThroughPortal(request, account);

    await page.goto("/sign-in");
    await page.getByRole("link", { name: "Email me a sign-in link" }).click();
    await expect(page).toHaveURL("/sign-in/link");
    await page.getByLabel("Email").fill(account.email);
    await page.getByRole("button", { name: "Email me a sign-in link" }).click();
    await expect(heading(page)).toHaveText("Check your inbox");
    await expect(heading(page)).toBeFocused();
    await expect(page.getByText(`If an account exists for ${account.email}, we have emailed it a sign-in link.`)).toBeVisible();

    const link = magicLinkIn(await waitForEmail(account.email));
    expect(new URL(link).pathname).toBe("/auth/magic-link");

    const response = await page.goto(link);
    expect(response?.headers()["referrer-policy"]).toBe("no-referrer");
    await expect(heading(page)).toHaveText("Sign in with your link");
    // The token is read, then taken out of the address bar.
    await expect(page).toHaveURL("/auth/magic-link");

    // Loading the page (as a mail scanner would) did not sign anyone in.
    expect(await sessionCookieOf(context)).toBeUndefined();
    const probe = await context.newPage();
    await probe.goto("/sessions");
    await expect(probe).toHaveURL("/sign-in?callbackUrl=%2Fsessions");
    await probe.close();

    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL("/dashboard");
    await page.goto("/sessions");
    await expect(sessionsList(page).getByRole("listitem").filter({ hasText: "This device" })).toContainText("Magic link");

    // The same link in another browser: already spent.
    const other = await browser.newContext({ baseURL });
    const otherPage = await other.newPage();
    await otherPage.goto(link);
    await otherPage.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(heading(otherPage)).toHaveText("This link is invalid, used or expired");
    await expect(otherPage.getByRole("link", { name: "Email me a new link" })).toHaveAttribute("href", "/sign-in/link");
    expect(await sessionCookieOf(other)).toBeUndefined();
    await other.close();
  });

  test("the link page without a token says the link is invalid", async ({ page }) => {
    await page.goto("/auth/magic-link");
    await expect(heading(page)).toHaveText("This link is invalid, used or expired");
    await page.getByRole("link", { name: "Email me a new link" }).click();
    await expect(page).toHaveURL("/sign-in/link");
  });
});

test.describe("security settings", () => {
  test("the code sign-in switch turns off again", async ({ page }) => {
    const account = newAccount("toggle");
    await signUpInBrowser(page, account);
    await page.goto("/security");
    const toggle = codeSwitch(page);
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-checked", "true");
    // Keyboard: Space toggles a switch.
    await toggle.focus();
    await page.keyboard.press("Space");
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    await expect(page.getByRole("status").filter({ hasText: "Sign-in with an emailed code is off." })).toBeVisible();
    const me = await page.request.get("/api/portal/auth/me");
    expect(((await me.json()) as { data: { otpLoginEnabled: boolean } }).data.otpLoginEnabled).toBe(false);
  });

  test("when the API wants a fresh sign-in, 'Confirm it's you' with the password turns the switch on", async ({ page }) => {
    const account = newAccount("stale");
    await signUpInBrowser(page, account);
    await makeSessionsStale(account.email);
    await page.goto("/security");
    const toggle = codeSwitch(page);
    await toggle.click();
    const confirm = page.getByRole("region", { name: "Confirm it’s you" });
    await expect(confirm).toContainText("Turning on code sign-in needs a sign-in from the last 15 minutes");
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    await expect(confirm.getByLabel("Password", { exact: true })).toBeFocused();

    await confirm.getByLabel("Password", { exact: true }).fill(account.password);
    await confirm.getByRole("button", { name: "Confirm" }).click();
    // The refused change runs again by itself.
    await expect(toggle).toHaveAttribute("aria-checked", "true");
    await expect(page.getByRole("status").filter({ hasText: "Sign-in with an emailed code is on." })).toBeVisible();
    await expect(confirm).toHaveCount(0);
  });

  test("without a password, 'Confirm it's you' offers to sign out and back in to /security", async ({ page }) => {
    const account = newAccount("stale-out");
    await signUpInBrowser(page, account);
    await makeSessionsStale(account.email);
    await page.goto("/security");
    await codeSwitch(page).click();
    const confirm = page.getByRole("region", { name: "Confirm it’s you" });
    await confirm.getByRole("button", { name: "Sign out and sign in again" }).click();
    await expect(page).toHaveURL("/sign-in?callbackUrl=%2Fsecurity");
    await signInInBrowser(page, account, { goto: false, expectedUrl: "/security" });
    await codeSwitch(page).click();
    await expect(codeSwitch(page)).toHaveAttribute("aria-checked", "true");
  });
});
