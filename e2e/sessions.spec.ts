// The sessions page and the portal session's safety: signing devices out
// takes effect at once, the cookie is out of scripts' reach, and the BFF
// refuses cross-origin mutations.
import { expect, test } from "./support/test";
import {
  accountMenuButton,
  newAccount,
  SESSION_COOKIE,
  sessionCookieOf,
  sessionsList,
  signInInBrowser,
  signInThroughApi,
  signOutFromHeader,
  signUpInBrowser,
  signUpThroughPortal,
} from "./support/accounts";

// Scoped to <main>: Next's route announcer is an (empty) alert too.
const formAlert = (page: import("@playwright/test").Page) => page.getByRole("main").getByRole("alert");

test.describe("sessions page", () => {
  test("signing out another device ends its access at once", async ({ page, browser, baseURL }) => {
    // Two browsers, a sign-up and a sign-in (two argon2 hashes) and a dozen page loads: past 30 s on a busy machine.
    test.slow();
    const account = newAccount();
    await signUpInBrowser(page, account);
    await page.goto("/sessions");
    const rows = sessionsList(page).getByRole("listitem");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("This device");

    // A second browser (its own cookies) signs in to the same account.
    const second = await browser.newContext({ baseURL });
    const secondPage = await second.newPage();
    await signInInBrowser(secondPage, account);
    await secondPage.goto("/sessions");
    const secondRows = sessionsList(secondPage).getByRole("listitem");
    await expect(secondRows).toHaveCount(2);
    await expect(secondRows.filter({ hasText: "This device" })).toHaveCount(1);

    await page.reload();
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: "This device" })).toHaveCount(1);
    const otherRow = rows.filter({ hasNotText: "This device" });
    // The browser reached "localhost" over IPv6 or IPv4.
    await expect(otherRow).toContainText(/::1|127\.0\.0\.1/);
    await expect(otherRow).toContainText("Password");

    await otherRow.getByRole("button", { name: /^Sign out/ }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await dialog.getByRole("button", { name: "Sign out", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("status").filter({ hasText: /^Signed out / })).toBeVisible();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("This device");

    // The second browser's next API call fails; it is sent to sign in, its cookie cleared.
    await secondPage.reload();
    await expect(secondPage).toHaveURL("/sign-in?callbackUrl=%2Fsessions");
    expect(await sessionCookieOf(second)).toBeUndefined();
    await second.close();

    await signOutFromHeader(page, account.email);
    await page.goto("/sessions");
    await expect(page).toHaveURL("/sign-in?callbackUrl=%2Fsessions");
  });

  test("cancelling the confirmation signs nothing out", async ({ page, request }) => {
    const account = newAccount();
    await signUpInBrowser(page, account);
    await page.goto("/sessions");
    await signInThroughApi(request, account);
    await page.reload();
    const rows = sessionsList(page).getByRole("listitem");
    await expect(rows).toHaveCount(2);
    await rows
      .filter({ hasNotText: "This device" })
      .getByRole("button", { name: /^Sign out/ })
      .click();
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("dialog")).toBeHidden();
    await page.keyboard.press("Escape");
    await page.reload();
    await expect(rows).toHaveCount(2);
  });

  test("sign out all other sessions keeps only this one", async ({ page, request }) => {
    const account = newAccount();
    await signUpInBrowser(page, account);
    await page.goto("/sessions");
    const elsewhere = [await signInThroughApi(request, account), await signInThroughApi(request, account)];
    await page.reload();
    const rows = sessionsList(page).getByRole("listitem");
    await expect(rows).toHaveCount(3);
    // API clients are named after their User-Agent.
    await expect(rows.filter({ hasNotText: "This device" })).toHaveCount(2);

    const signOutOthers = page.getByRole("button", { name: "Sign out all other sessions" });
    await signOutOthers.click();
    const dialog = page.getByRole("dialog", { name: "Sign out all other sessions?" });
    await dialog.getByRole("button", { name: "Sign out 2 sessions" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("status").filter({ hasText: "Signed out 2 other sessions." })).toBeVisible();
    await expect(rows).toHaveCount(1);
    await expect(page.getByText("No other devices are signed in.")).toBeVisible();
    await expect(signOutOthers).toBeDisabled();

    for (const accessToken of elsewhere) {
      const me = await request.get("/api/v1/auth/me", { headers: { authorization: `Bearer ${accessToken}` } });
      expect(me.status()).toBe(401);
    }
  });

  test("signing out this device from the list signs the portal out", async ({ page, context }) => {
    const account = newAccount();
    await signUpInBrowser(page, account);
    await page.goto("/sessions");
    await sessionsList(page).getByRole("button", { name: "Sign out of this device" }).click();
    const dialog = page.getByRole("dialog", { name: "Sign out of this device?" });
    await dialog.getByRole("button", { name: "Sign out", exact: true }).click();
    await expect(page).toHaveURL("/sign-in");
    expect(await sessionCookieOf(context)).toBeUndefined();
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
  });

  test("a failed load says so and can be retried", async ({ page }) => {
    const account = newAccount();
    await signUpInBrowser(page, account);
    await page.goto("/sessions");
    await page.route("**/api/portal/auth/sessions", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ success: false, message: "Something went wrong on our side.", data: { code: "internal_error" } }),
      }),
    );
    await page.reload();
    const alert = formAlert(page);
    await expect(alert).toContainText("We could not load your sessions");
    await expect(alert).toContainText("Something went wrong on our side.");
    await page.unroute("**/api/portal/auth/sessions");
    await alert.getByRole("button", { name: "Try again" }).click();
    await expect(sessionsList(page).getByRole("listitem")).toHaveCount(1);
  });

  test("the header names the signed-in account from the API", async ({ page }) => {
    const account = newAccount();
    await signUpInBrowser(page, account);
    await page.goto("/sessions");
    await page.goto("/");
    const menuButton = accountMenuButton(page, account.email);
    await expect(menuButton).toHaveAttribute("aria-expanded", "false");
    await menuButton.click();
    await expect(menuButton).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByTestId("account-email")).toHaveText(account.email);
    await page.keyboard.press("Escape");
    await expect(menuButton).toHaveAttribute("aria-expanded", "false");
    await expect(menuButton).toBeFocused();
  });
});

test.describe("portal session safety (docs/portal.md)", () => {
  test("the session cookie is HttpOnly, SameSite=Lax and Secure, and no script can read a token", async ({ page, context }) => {
    const account = newAccount();
    await signUpInBrowser(page, account);
    await page.goto("/sessions");
    await expect(sessionsList(page).getByRole("listitem")).toHaveCount(1);

    const cookie = await sessionCookieOf(context);
    expect(cookie, SESSION_COOKIE).toBeDefined();
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", secure: true, path: "/" });

    const exposed = await page.evaluate(async () => {
      const storage = (store: Storage) => Object.keys(store).map((key) => `${key}=${store.getItem(key)}`);
      return {
        cookie: document.cookie,
        local: storage(window.localStorage),
        session: storage(window.sessionStorage),
        nextAuthSession: await (await fetch("/api/auth/session")).text(),
      };
    });
    const tokenLike = /ces\.session|eyJ[\w-]{8,}\.|accessToken|refreshToken|access_token|refresh_token/i;
    expect(exposed.cookie).not.toMatch(tokenLike);
    for (const entry of [...exposed.local, ...exposed.session]) expect(entry).not.toMatch(tokenLike);
    expect(JSON.parse(exposed.nextAuthSession)).toEqual({
      user: { name: account.email, email: account.email },
      expires: expect.any(String),
    });
  });

  test("the BFF refuses a cross-origin mutation made with the session cookie", async ({ context, playwright, baseURL }) => {
    const account = newAccount();
    await signUpThroughPortal(context.request, account);
    const cookie = await sessionCookieOf(context);
    expect(cookie).toBeDefined();

    const outsider = await playwright.request.newContext({ baseURL });
    const cookieHeader = `${cookie!.name}=${cookie!.value}`;
    const attempts: Record<string, string>[] = [{ origin: "https://evil.example" }, { origin: "null" }, {}];
    for (const extra of attempts) {
      const response = await outsider.post("/api/portal/auth/sessions/revoke-all", {
        headers: { cookie: cookieHeader, ...extra },
        data: { confirm: true },
      });
      expect(response.status(), JSON.stringify(extra)).toBe(403);
      expect(await response.json()).toMatchObject({ success: false, data: { code: "forbidden" } });
    }
    // The same cookie from our own origin is accepted: the Origin check is what refused them.
    const own = await outsider.post("/api/portal/auth/sessions/revoke-all", {
      headers: { cookie: cookieHeader, origin: new URL(baseURL!).origin },
      data: { confirm: true },
    });
    expect(own.status()).toBe(200);
    expect(await own.json()).toMatchObject({ success: true, data: { revoked: 0 } });
    await outsider.dispose();
  });
});
