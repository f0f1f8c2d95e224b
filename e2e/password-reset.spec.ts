// Forgot password → emailed code → new password. The reset signs out every
// session, including other browsers'.
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { newAccount, signInInBrowser, signUpInBrowser, signUpThroughPortal } from "./support/accounts";
import { codeIn, waitForEmail } from "./support/mailbox";

// Scoped to <main>: Next's route announcer is an (empty) alert too.
const formAlert = (page: Page) => page.getByRole("main").getByRole("alert");
const heading = (page: Page) => page.getByRole("heading", { level: 1 });

test.describe("password reset", () => {
  test("forgot → reset with the emailed code: the old password fails, the new one works, other browsers are signed out", async ({
    page,
    browser,
    baseURL,
  }) => {
    const account = newAccount("reset");
    // Another browser, signed in before the reset.
    const other = await browser.newContext({ baseURL });
    const otherPage = await other.newPage();
    await signUpInBrowser(otherPage, account);

    await page.goto("/sign-in");
    await page.getByLabel("Email").fill(account.email);
    await page.getByRole("link", { name: "Forgot password?" }).click();
    const query = new URLSearchParams({ email: account.email });
    await expect(page).toHaveURL(`/forgot-password?${query}`);
    await expect(heading(page)).toHaveText("Reset your password");
    await expect(page.getByLabel("Email")).toHaveValue(account.email);
    await page.getByRole("button", { name: "Email me a reset code" }).click();
    await expect(heading(page)).toHaveText("Check your inbox");
    await expect(page.getByText(`If an account exists for ${account.email}, we emailed it a code.`)).toBeVisible();
    const email = await waitForEmail(account.email);
    expect(email.subject).toBe("Reset your password");

    await page.getByRole("link", { name: "Enter the code" }).click();
    await expect(page).toHaveURL(`/reset-password?${query}`);
    await expect(heading(page)).toHaveText("Choose a new password");
    await expect(page.getByLabel("Email")).toHaveValue(account.email);
    const codeInput = page.getByLabel("Reset code");
    await expect(codeInput).toHaveAttribute("autocomplete", "one-time-code");
    await expect(codeInput).toHaveAttribute("inputmode", "numeric");
    await codeInput.fill(codeIn(email));

    // The sign-up rules, checked in the browser with the API's schema.
    const passwordInput = page.getByLabel("New password", { exact: true });
    await expect(passwordInput).toHaveAttribute("autocomplete", "new-password");
    await passwordInput.fill("too-short");
    await page.getByRole("button", { name: "Reset password" }).click();
    await expect(page.getByText("Password must be at least 12 characters", { exact: true })).toBeVisible();
    await expect(passwordInput).toBeFocused();

    const newPassword = `${account.password}-renewed`;
    await passwordInput.fill(newPassword);
    await page.getByRole("button", { name: "Reset password" }).click();
    await expect(heading(page)).toHaveText("Password reset");
    await expect(page.getByRole("status").filter({ hasText: "Password reset: every session was signed out." })).toBeVisible();

    // The other browser's session ended with the reset.
    await otherPage.reload();
    await expect(otherPage).toHaveURL("/sign-in?callbackUrl=%2Fdashboard");
    await other.close();

    await page.getByRole("link", { name: "Sign in with your new password" }).click();
    await expect(page).toHaveURL("/sign-in");
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(formAlert(page)).toContainText("Incorrect email or password.");
    await signInInBrowser(page, { email: account.email, password: newPassword }, { goto: false });
  });

  test("a wrong code and a common password get the API's answers beside the form", async ({ page, request }) => {
    const account = newAccount("reset-errors");
    await signUpThroughPortal(request, account);
    expect((await request.post("/api/v1/auth/password/forgot", { data: { email: account.email } })).status()).toBe(200);
    const code = codeIn(await waitForEmail(account.email));
    const wrong = code === "000000" ? "111111" : "000000";

    await page.goto(`/reset-password?${new URLSearchParams({ email: account.email })}`);
    await expect(page.getByLabel("Reset code")).toBeFocused();

    // Refused before the code is looked at: the code stays good.
    await page.getByLabel("Reset code").fill(code);
    await page.getByLabel("New password", { exact: true }).fill("password1234");
    await page.getByRole("button", { name: "Reset password" }).click();
    await expect(page.getByText("This password is too common", { exact: true })).toBeVisible();
    await expect(page.getByLabel("New password", { exact: true })).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("Reset code").fill(wrong);
    await page.getByLabel("New password", { exact: true }).fill(`${account.password}-renewed`);
    await page.getByRole("button", { name: "Reset password" }).click();
    const alert = formAlert(page);
    await expect(alert).toContainText("The reset code is wrong, already used or expired. Ask for a new one.");
    await expect(alert.getByRole("link", { name: "Email me a new code" })).toHaveAttribute(
      "href",
      `/forgot-password?${new URLSearchParams({ email: account.email })}`,
    );

    // One wrong try does not kill the code.
    await page.getByLabel("Reset code").fill(code);
    await page.getByRole("button", { name: "Reset password" }).click();
    await expect(heading(page)).toHaveText("Password reset");
  });

  test("an unknown email gets the same 'check your inbox' step", async ({ page }) => {
    const nobody = newAccount("nobody");
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(nobody.email);
    await page.getByRole("button", { name: "Email me a reset code" }).click();
    await expect(heading(page)).toHaveText("Check your inbox");
    await expect(page.getByText(`If an account exists for ${nobody.email}, we emailed it a code.`)).toBeVisible();
  });
});
