// /settings: profile, password change and security preferences, each test on
// an account of its own.
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { accountMenuButton, newAccount, signInInBrowser, signInThroughApi, signOutFromHeader, signUpInBrowser } from "./support/accounts";

const section = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
// Scoped to <main>: Next's route announcer is an (empty) alert too.
const signInAlert = (page: Page) => page.getByRole("main").getByRole("alert");

test.describe("settings page", () => {
  test("is linked from the navigation and lists its sections", async ({ page }) => {
    await signUpInBrowser(page, newAccount("settings"));
    await page.getByRole("navigation", { name: "Primary" }).getByRole("link", { name: "Settings" }).click();
    await expect(page).toHaveURL("/settings");
    await expect(page).toHaveTitle(/^Settings · /);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Settings");
    for (const name of ["Profile", "Password", "Security preferences", "Danger zone"]) {
      await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
    }
  });

  test("changing the name shows it in the form after a reload and in the account menu", async ({ page }) => {
    const account = newAccount("name");
    await signUpInBrowser(page, account);
    await page.goto("/settings");
    const profile = section(page, "Profile");
    const name = profile.getByLabel("Name");
    await expect(name).toHaveValue("");

    // The API's own rules, checked before sending: spaces only is no name.
    await name.fill("   ");
    await profile.getByRole("button", { name: "Save profile" }).click();
    await expect(profile.getByText("Name is required")).toBeVisible();
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toBeFocused();

    await name.fill("  Ada Lovelace ");
    await profile.getByRole("button", { name: "Save profile" }).click();
    await expect(profile.getByRole("status")).toHaveText("Profile saved.");
    await expect(name).toHaveValue("Ada Lovelace");
    await expect(name).not.toHaveAttribute("aria-invalid");

    await page.reload();
    await expect(section(page, "Profile").getByLabel("Name")).toHaveValue("Ada Lovelace");
    await accountMenuButton(page, account.email).click();
    await expect(page.getByTestId("account-name")).toHaveText("Ada Lovelace");
  });

  test("changing the password signs other sessions out; the old password stops working, the new one works", async ({ page, request }) => {
    test.slow(); // two sign-ins, a sign-out and argon2 hashing on a shared machine
    const account = newAccount("password");
    await signUpInBrowser(page, account);
    const elsewhere = await signInThroughApi(request, account);
    const newPassword = `${account.password}-renewed`;

    await page.goto("/settings");
    const password = section(page, "Password");
    await password.getByLabel("Current password").fill(account.password);
    await password.getByLabel("New password", { exact: true }).fill(newPassword);
    await password.getByLabel("Confirm new password").fill(newPassword);
    await password.getByRole("button", { name: "Change password" }).click();
    const done = password.getByRole("status").filter({ hasText: "Password changed" });
    await expect(done).toContainText("Every other session was signed out");
    await expect(password.getByLabel("Current password")).toHaveValue("");

    // The other device is out; this one is still in.
    expect((await request.get("/api/v1/auth/me", { headers: { authorization: `Bearer ${elsewhere}` } })).status()).toBe(401);
    await page.reload();
    await expect(page).toHaveURL("/settings");

    await signOutFromHeader(page, account.email);
    await page.goto("/sign-in");
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(signInAlert(page)).toContainText("Incorrect email or password.");
    await expect(page).toHaveURL("/sign-in");

    await signInInBrowser(page, { ...account, password: newPassword });
  });

  const passwordErrors = [
    {
      name: "a confirmation that does not match (checked in the browser)",
      current: (password: string) => password,
      next: "Sturdy-Lantern-Renewed-1",
      confirm: "Sturdy-Lantern-Renewed-2",
      field: "Confirm new password",
      message: "The two new passwords do not match",
    },
    {
      name: "a short new password (the API's schema, in the browser)",
      current: (password: string) => password,
      next: "too-short",
      confirm: "too-short",
      field: "New password",
      message: "Password must be at least 12 characters",
    },
    {
      name: "a wrong current password (the API's 401 invalid_credentials)",
      current: () => "not-my-password-at-all",
      next: "Sturdy-Lantern-Renewed-1",
      confirm: "Sturdy-Lantern-Renewed-1",
      field: "Current password",
      message: "Your current password is not right.",
    },
    {
      name: "a common new password (the API's 400 with errors[].path new_password)",
      current: (password: string) => password,
      next: "password1234",
      confirm: "password1234",
      field: "New password",
      message: "This password is too common",
    },
  ];
  for (const error of passwordErrors) {
    test(`the password form shows ${error.name} beside the field, and changes nothing`, async ({ page, request }) => {
      const account = newAccount("pwerror");
      await signUpInBrowser(page, account);
      await page.goto("/settings");
      const password = section(page, "Password");
      await password.getByLabel("Current password").fill(error.current(account.password));
      await password.getByLabel("New password", { exact: true }).fill(error.next);
      await password.getByLabel("Confirm new password").fill(error.confirm);
      await password.getByRole("button", { name: "Change password" }).click();

      const field = password.getByLabel(error.field, { exact: true });
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(field).toHaveAccessibleDescription(new RegExp(error.message));
      await expect(password.getByRole("status").filter({ hasText: "Password changed" })).toHaveCount(0);

      // Still signed in here, and the old password still works.
      await page.reload();
      await expect(page).toHaveURL("/settings");
      await signInThroughApi(request, account);
    });
  }

  test("security preferences persist after a reload", async ({ page, request }) => {
    const account = newAccount("prefs");
    await signUpInBrowser(page, account);
    await page.goto("/settings");
    const preferences = section(page, "Security preferences");
    const timeout = preferences.getByLabel("Sign out idle sessions after");
    const notify = preferences.getByRole("switch", { name: "Email me about new sign-ins" });
    await expect(timeout).toHaveValue("10080");
    await expect(timeout.locator("option:checked")).toHaveText("7 days (default)");
    await expect(notify).toHaveAttribute("aria-checked", "true");

    await timeout.selectOption({ label: "8 hours" });
    await notify.click();
    await expect(notify).toHaveAttribute("aria-checked", "false");
    await preferences.getByRole("button", { name: "Save preferences" }).click();
    await expect(preferences.getByRole("status")).toHaveText("Security preferences saved.");

    await page.reload();
    const reloaded = section(page, "Security preferences");
    await expect(reloaded.getByLabel("Sign out idle sessions after")).toHaveValue("480");
    await expect(reloaded.getByRole("switch", { name: "Email me about new sign-ins" })).toHaveAttribute("aria-checked", "false");

    // The API agrees.
    const token = await signInThroughApi(request, account);
    const me = await request.get("/api/v1/auth/me", { headers: { authorization: `Bearer ${token}` } });
    const { data } = (await me.json()) as { data: { sessionTimeoutMinutes: number; notifyNewSignin: boolean } };
    expect(data).toMatchObject({ sessionTimeoutMinutes: 480, notifyNewSignin: false });

    // Back on, with the longest timeout.
    await reloaded.getByLabel("Sign out idle sessions after").selectOption({ label: "30 days" });
    await reloaded.getByRole("switch", { name: "Email me about new sign-ins" }).click();
    await reloaded.getByRole("button", { name: "Save preferences" }).click();
    await expect(reloaded.getByRole("status")).toHaveText("Security preferences saved.");
    await page.reload();
    await expect(section(page, "Security preferences").getByLabel("Sign out idle sessions after")).toHaveValue("43200");
    await expect(section(page, "Security preferences").getByRole("switch", { name: "Email me about new sign-ins" })).toHaveAttribute(
      "aria-checked",
      "true",
    );
  });
});
