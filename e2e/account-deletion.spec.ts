// Deleting the account from /settings: a typed confirmation, a fresh session
// (or proving it again, by password or with two-factor on by a code),
// sign-out everywhere, and cancelling during the 30-day grace period from the banner.
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { oathtoolCode } from "../tests/support/oathtool";
import { newAccount, sessionCookieOf, signInInBrowser, signInThroughApi, signUpInBrowser, type TestAccount } from "./support/accounts";
import { emailsTo } from "./support/mailbox";
import { countRequests } from "./support/count-requests";
import { makeSessionsStale } from "./support/stale-session";
import { enableThroughApi, switchToAuthenticationCode, wrongCode } from "./support/two-factor";

const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;
const deletionBanner = (page: Page) => page.getByRole("region", { name: "Account deletion" });

async function openDeleteDialog(page: Page) {
  await page.goto("/settings");
  await page.getByRole("region", { name: "Danger zone" }).getByRole("button", { name: "Delete account…" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Types the email and presses "Delete account"; on a stale session (makeSessionsStale) the dialog turns into "Confirm it's you". */
async function deleteUntilAskedToConfirm(page: Page, account: TestAccount) {
  const dialog = await openDeleteDialog(page);
  await dialog.getByLabel(`To confirm, type your email: ${account.email}`).fill(account.email);
  await dialog.getByRole("button", { name: "Delete account", exact: true }).click();
  const confirm = page.getByRole("dialog", { name: "Confirm it’s you" });
  await expect(confirm).toBeVisible();
  return confirm;
}

test.describe("account deletion", () => {
  test("the delete button stays disabled until the email is typed exactly", async ({ page }) => {
    const account = newAccount("typed");
    await signUpInBrowser(page, account);
    const dialog = await openDeleteDialog(page);
    const confirmation = dialog.getByLabel(`To confirm, type your email: ${account.email}`);
    const remove = dialog.getByRole("button", { name: "Delete account", exact: true });
    await expect(confirmation).toBeFocused();
    await expect(remove).toBeDisabled();

    for (const wrong of ["delete", account.email.slice(0, -1), `${account.email}x`, "someone-else@example.test"]) {
      await confirmation.fill(wrong);
      await expect(remove).toBeDisabled();
    }
    // Enter does nothing either.
    await confirmation.press("Enter");
    await expect(dialog).toBeVisible();

    // Case and surrounding spaces do not matter (emails are case-insensitive).
    await confirmation.fill(` ${account.email.toUpperCase()} `);
    await expect(remove).toBeEnabled();

    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    // Opening it again starts afresh.
    await page.getByRole("button", { name: "Delete account…" }).click();
    await expect(page.getByRole("dialog").getByRole("textbox")).toHaveValue("");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();

    await page.reload();
    await expect(page).toHaveURL("/settings");
    await expect(deletionBanner(page)).toHaveCount(0);
  });

  test("deleting signs out everywhere; signing in again shows the date, and cancelling keeps the account", async ({
    page,
    context,
    request,
  }) => {
    test.slow(); // sign-up, deletion, a delivered email and a second sign-in
    const account = newAccount("delete");
    await signUpInBrowser(page, account); // a fresh session: no re-authentication needed
    const elsewhere = await signInThroughApi(request, account);

    const dialog = await openDeleteDialog(page);
    await dialog.getByLabel(`To confirm, type your email: ${account.email}`).fill(account.email);
    const requestedAt = Date.now();
    await dialog.getByRole("button", { name: "Delete account", exact: true }).click();

    await expect(page).toHaveURL(/\/account\/deletion-scheduled\?on=/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your account is scheduled for deletion");
    await expect(page.getByRole("main")).toContainText("signed out on every device");
    const scheduledFor = new Date(new URL(page.url()).searchParams.get("on")!).getTime();
    expect(Math.abs(scheduledFor - (requestedAt + THIRTY_DAYS_MS))).toBeLessThan(5 * 60_000);
    expect(await sessionCookieOf(context)).toBeUndefined();
    expect((await request.get("/api/v1/auth/me", { headers: { authorization: `Bearer ${elsewhere}` } })).status()).toBe(401);
    await expect
      .poll(() => emailsTo(account.email).map((email) => email.subject), { timeout: 20_000 })
      .toContain("Your account will be deleted");
    await page.goto("/settings");
    await expect(page).toHaveURL("/sign-in?callbackUrl=%2Fsettings");

    // Signing in during the grace period works and shows the schedule, on every page.
    await signInInBrowser(page, account, { goto: false, expectedUrl: "/settings" });
    const banner = deletionBanner(page);
    await expect(banner).toContainText("Your account will be deleted on");
    await expect(banner.locator("time")).toHaveAttribute("datetime", new Date(scheduledFor).toISOString());
    await page.goto("/");
    await expect(banner).toContainText("Your account will be deleted on");

    await banner.getByRole("button", { name: "Cancel deletion" }).click();
    await expect(banner.getByRole("status")).toHaveText("Deletion canceled. Your account stays as it is.");
    await expect(page.getByText("Your account will be deleted on")).toHaveCount(0);
    await page.reload();
    await expect(deletionBanner(page)).toHaveCount(0);
    await page.goto("/sessions");
    await expect(deletionBanner(page)).toHaveCount(0);
  });

  test("when the API wants a fresh sign-in, the password is asked for and the deletion goes ahead", async ({ page }) => {
    const account = newAccount("reauth");
    await signUpInBrowser(page, account);
    const deleteCalls = countRequests(page, "/api/portal/account", "DELETE");
    await makeSessionsStale(account.email);

    const confirm = await deleteUntilAskedToConfirm(page, account);
    const password = confirm.getByLabel("Password", { exact: true });
    await expect(password).toBeFocused();

    await password.fill("not-my-password");
    await confirm.getByRole("button", { name: "Confirm and delete" }).click();
    await expect(password).toHaveAttribute("aria-invalid", "true");
    await expect(password).toHaveAccessibleDescription("That password is not right.");
    expect(deleteCalls()).toBe(1);
    // A wrong password is an answer, not the end of the portal session.
    await expect(page).toHaveURL("/settings");

    await password.fill(account.password);
    await confirm.getByRole("button", { name: "Confirm and delete" }).click();
    await expect(page).toHaveURL(/\/account\/deletion-scheduled\?on=/);
    expect(deleteCalls()).toBe(2);
  });

  test("with two-factor on, a code from the authenticator app confirms it's you and the deletion goes ahead", async ({ page, request }) => {
    const account = newAccount("reauth-2fa");
    await signUpInBrowser(page, account);
    const { secret } = await enableThroughApi(request, account);
    const deleteCalls = countRequests(page, "/api/portal/account", "DELETE");
    await makeSessionsStale(account.email);

    const confirm = await deleteUntilAskedToConfirm(page, account);
    const code = await switchToAuthenticationCode(confirm);

    await code.fill(wrongCode(secret));
    await confirm.getByRole("button", { name: "Confirm and delete" }).click();
    await expect(code).toHaveAttribute("aria-invalid", "true");
    await expect(code).toHaveAccessibleDescription(/That code is not right\./);
    await expect(code).toHaveValue("");
    expect(deleteCalls()).toBe(1);
    // A wrong code is an answer, not the end of the portal session.
    await expect(page).toHaveURL("/settings");
    expect(await sessionCookieOf(page.context())).toBeDefined();

    // The step before was spent turning two-factor on; this one is still unused.
    await code.fill(oathtoolCode(secret));
    await confirm.getByRole("button", { name: "Confirm and delete" }).click();
    await expect(page).toHaveURL(/\/account\/deletion-scheduled\?on=/);
    expect(deleteCalls()).toBe(2);
    expect(await sessionCookieOf(page.context())).toBeUndefined();
  });
});
