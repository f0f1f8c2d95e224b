// Accounts for browser specs: each test makes its own, with a unique email,
// so tests never depend on each other or on order.
import { randomBytes } from "node:crypto";
import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { expect } from "@playwright/test";

export type TestAccount = { email: string; password: string };

export function newAccount(label = "user"): TestAccount {
  const id = `${Date.now().toString(36)}${randomBytes(4).toString("hex")}`;
  return { email: `e2e-${label}-${id}@example.test`, password: `Sturdy-Lantern-${id}` };
}

/** The portal's session cookie (HttpOnly; next-auth's encrypted JWT holding the API tokens). */
export const SESSION_COOKIE = "__Secure-ces.session";

export async function sessionCookieOf(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === SESSION_COOKIE);
}

/** Fills in and submits the sign-up form; ends on the page the form leads to. */
export async function signUpInBrowser(page: Page, account: TestAccount, expectedUrl = "/dashboard") {
  await page.goto("/sign-up");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(expectedUrl);
}

/** Fills in and submits the sign-in form on the current page (or /sign-in). */
export async function signInInBrowser(page: Page, account: TestAccount, options: { goto?: boolean; expectedUrl?: string } = {}) {
  if (options.goto ?? true) await page.goto("/sign-in");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(options.expectedUrl ?? "/dashboard");
}

/**
 * Signs up through the portal's next-auth endpoint without the form, the way
 * the form does it (CSRF token, then the "password" credentials callback). With
 * a browser context's `request`, the context ends up signed in.
 */
export async function signUpThroughPortal(request: APIRequestContext, account: TestAccount) {
  const { csrfToken } = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const response = await request.post("/api/auth/callback/password", {
    form: { csrfToken, mode: "register", email: account.email, password: account.password, json: "true" },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const { url } = (await response.json()) as { url: string };
  expect(new URL(url).searchParams.get("error"), "sign-up error").toBeNull();
}

/** Signs in straight against the public API (a session on "another device"); returns its access token. */
export async function signInThroughApi(request: APIRequestContext, account: TestAccount): Promise<string> {
  const response = await request.post("/api/v1/auth/login", { data: { email: account.email, password: account.password } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { accessToken: string } }).data.accessToken;
}

export const sessionsList = (page: Page) => page.getByRole("list", { name: "Active sessions" });
export const accountMenuButton = (page: Page, email: string) => page.getByRole("button", { name: `Account: ${email}` });

/** Signs out from the header's account menu. */
export async function signOutFromHeader(page: Page, email: string) {
  await accountMenuButton(page, email).click();
  await page.getByRole("banner").getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL("/");
}
