// Sign-up and sign-in pages: forms on the API's schemas, the API's errors
// where they belong, and where the visitor goes afterwards.
import { expect, test } from "./support/test";
import {
  accountMenuButton,
  newAccount,
  sessionsList,
  signInInBrowser,
  signOutFromHeader,
  signUpInBrowser,
  signUpThroughPortal,
} from "./support/accounts";

// Scoped to <main>: Next's route announcer is an (empty) alert too.
const formAlert = (page: import("@playwright/test").Page) => page.getByRole("main").getByRole("alert");

test.describe("sign up and sign in", () => {
  test("sign up lands on the dashboard; sessions lists this device; sign out; sign in again", async ({ page }) => {
    const account = newAccount();
    await signUpInBrowser(page, account);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dashboard");
    await page.goto("/sessions");
    await expect(page).toHaveTitle("Sessions · Customer Email Service");
    const rows = sessionsList(page).getByRole("listitem");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("This device");
    await expect(rows.first()).toContainText("Password");

    // Signed in: the header names the account (GET /auth/me) and the nav offers Sessions.
    await expect(accountMenuButton(page, account.email)).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Primary" });
    await expect(nav.getByRole("link", { name: "Sessions" })).toHaveAttribute("aria-current", "page");

    await signOutFromHeader(page, account.email);
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("link", { name: "Sign in" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Sessions" })).toHaveCount(0);

    await banner.getByRole("link", { name: "Sign in" }).click();
    await expect(page).toHaveURL("/sign-in");
    await signInInBrowser(page, account, { goto: false });
    await page.goto("/sessions");
    // Signing out ended the first API session: only the new one is left.
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("This device");
  });

  test("the sign-in and sign-up pages link to each other", async ({ page }) => {
    await page.goto("/sign-in");
    await page.getByRole("main").getByRole("link", { name: "Create an account" }).click();
    await expect(page).toHaveURL("/sign-up");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create your account");
    await page.getByRole("main").getByRole("link", { name: "Sign in" }).click();
    await expect(page).toHaveURL("/sign-in");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to your account");
  });
});

test.describe("form fields", () => {
  const pages = [
    {
      path: "/sign-in",
      fields: [
        { label: "Email", type: "email", autocomplete: "email" },
        { label: "Password", type: "password", autocomplete: "current-password" },
      ],
    },
    {
      path: "/sign-up",
      fields: [
        { label: "Email", type: "email", autocomplete: "email" },
        { label: "Password", type: "password", autocomplete: "new-password" },
        { label: "Username (optional)", type: "text", autocomplete: "username" },
      ],
    },
  ];
  for (const { path, fields } of pages) {
    test(`${path} labels its fields with autocomplete hints and can show the password`, async ({ page }) => {
      await page.goto(path);
      for (const field of fields) {
        const input = page.getByLabel(field.label, { exact: true });
        await expect(input, field.label).toHaveAttribute("type", field.type);
        await expect(input, field.label).toHaveAttribute("autocomplete", field.autocomplete);
      }
      const password = page.getByLabel("Password", { exact: true });
      const toggle = page.getByRole("button", { name: "Show password" });
      await password.fill("visible-now-please");
      await toggle.click();
      await expect(toggle).toHaveAttribute("aria-pressed", "true");
      await expect(password).toHaveAttribute("type", "text");
      await toggle.click();
      await expect(password).toHaveAttribute("type", "password");
      await expect(password).toHaveValue("visible-now-please");
    });
  }

  test("sign-up offers every plan and says accounts start on Free", async ({ page }) => {
    await page.goto("/sign-up");
    const plan = page.getByLabel("Plan you are interested in (optional)");
    await expect(plan.locator("option")).toHaveText([
      "No preference",
      "Free",
      "Starter",
      "Pro",
      "Business",
      "Enterprise",
      "Custom",
      "Pay as you go",
    ]);
    await expect(page.getByText("Every account starts on the Free plan. We remember the plan you pick")).toBeVisible();
  });
});

test.describe("errors from the API", () => {
  test("a wrong password shows the API's message and the button is disabled while it is checked", async ({ page, request }) => {
    const account = newAccount();
    await signUpThroughPortal(request, account);

    await page.goto("/sign-in");
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill("not-the-right-password");

    // Hold the credentials request to see the pending state.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/auth/callback/password", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    const pendingButton = page.getByRole("button", { name: "Signing in…" });
    await expect(pendingButton).toBeDisabled();
    release();

    await expect(formAlert(page)).toContainText("Incorrect email or password.");
    await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeEnabled();
    await expect(page).toHaveURL("/sign-in");
  });

  test("too many failed sign-ins shows the API's rate-limit message with the wait", async ({ page, request }) => {
    const account = newAccount("limited");
    await signUpThroughPortal(request, account);
    await page.goto("/sign-in");
    // Ten failures for one email from one address block it (docs/api.md). Sent
    // from the page, so they come from the browser's address ("localhost" may
    // be ::1 for the browser and 127.0.0.1 for Node).
    const statuses = await page.evaluate(async (email) => {
      const answers: number[] = [];
      for (let attempt = 0; attempt < 10; attempt += 1) {
        const response = await fetch("/api/v1/auth/login", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email, password: "wrong-password-again" }),
        });
        answers.push(response.status);
      }
      return answers;
    }, account.email);
    expect(statuses).toEqual(Array(10).fill(401));
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(formAlert(page)).toContainText(/Too many failed sign-in attempts\..*You can try again in \d+ minutes?\./);
    await expect(page).toHaveURL("/sign-in");
  });

  const passwordCases = [
    // The API's own schema, run in the browser: never sent.
    { name: "a short password", password: "short", fieldError: "Password must be at least 12 characters", alert: null },
    // Passes the schema; the API refuses it and names the field.
    {
      name: "a common password",
      password: "password1234",
      fieldError: "This password is too common",
      alert: "This password is too common. Choose one that is harder to guess.",
    },
  ];
  for (const { name, password, fieldError, alert } of passwordCases) {
    test(`sign-up with ${name} shows the field error`, async ({ page }) => {
      const account = newAccount();
      let credentialsPosted = false;
      page.on("request", (request) => {
        if (request.url().endsWith("/api/auth/callback/password")) credentialsPosted = true;
      });
      await page.goto("/sign-up");
      await page.getByLabel("Email").fill(account.email);
      const passwordInput = page.getByLabel("Password", { exact: true });
      await passwordInput.fill(password);
      await page.getByRole("button", { name: "Create account" }).click();

      await expect(page.getByText(fieldError, { exact: true })).toBeVisible();
      await expect(passwordInput).toHaveAttribute("aria-invalid", "true");
      await expect(passwordInput).toHaveAccessibleDescription(new RegExp(fieldError));
      await expect(passwordInput).toBeFocused();
      if (alert) {
        await expect(formAlert(page)).toHaveText(alert);
        expect(credentialsPosted).toBe(true);
      } else {
        await expect(formAlert(page)).toHaveCount(0);
        expect(credentialsPosted).toBe(false);
      }
      await expect(page).toHaveURL("/sign-up");
    });
  }

  test("sign-up with an email that has an account says it already exists", async ({ page, request }) => {
    const account = newAccount();
    await signUpThroughPortal(request, account);
    await page.goto("/sign-up");
    await page.getByLabel("Email").fill(account.email.toUpperCase());
    await page.getByLabel("Password", { exact: true }).fill(newAccount().password);
    await page.getByRole("button", { name: "Create account" }).click();
    const alert = formAlert(page);
    await expect(alert).toContainText("An account with this email already exists.");
    await alert.getByRole("link", { name: "Sign in instead" }).click();
    await expect(page).toHaveURL("/sign-in");
  });
});

test.describe("where sign-in leads", () => {
  test("a signed-out visit to /sessions goes to sign in and comes back", async ({ page, request }) => {
    const account = newAccount();
    await signUpThroughPortal(request, account);
    await page.goto("/sessions");
    await expect(page).toHaveURL("/sign-in?callbackUrl=%2Fsessions");
    await signInInBrowser(page, account, { goto: false, expectedUrl: "/sessions" });
    // The sign-up session (made without this browser) and this one.
    await expect(sessionsList(page).getByRole("listitem")).toHaveCount(2);
    await expect(sessionsList(page).getByRole("listitem").filter({ hasText: "This device" })).toHaveCount(1);
  });

  for (const callbackUrl of ["//evil.example/x", "https://evil.example/", "/\\evil.example"]) {
    test(`an off-site callbackUrl (${callbackUrl}) is ignored`, async ({ page, request }) => {
      const account = newAccount();
      await signUpThroughPortal(request, account);
      await page.goto(`/sign-in?${new URLSearchParams({ callbackUrl })}`);
      await signInInBrowser(page, account, { goto: false, expectedUrl: "/dashboard" });
    });
  }

  test("a signed-in visitor skips the sign-in and sign-up pages", async ({ page }) => {
    const account = newAccount();
    await signUpInBrowser(page, account);
    for (const path of ["/sign-in", "/sign-up", "/sign-in?callbackUrl=%2Fdocs%2Fapi"]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(path.includes("docs") ? "/docs/api" : "/dashboard");
    }
  });
});
