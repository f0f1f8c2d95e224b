// /docs/api renders the live OpenAPI document with Swagger UI, entirely from
// our origin and under the page CSP (the page guard checks both).
import { expect, test } from "./support/test";

// Swagger UI is one 1.4 MB script that renders the whole document in the
// browser: on a loaded machine its first render has taken over 10 s (the
// default expect timeout), so its appearance gets a budget of its own.
const rendered = { timeout: 30_000 };

test.describe("API reference", () => {
  test.describe.configure({ timeout: 90_000 });

  test("renders the Health operations from the live document", async ({ page }) => {
    const response = await page.goto("/docs/api");
    expect(response?.status()).toBe(200);
    const reference = page.locator(".swagger-ui");
    await expect(reference.getByText("Customer Email Service API").first()).toBeVisible(rendered);
    await expect(reference.getByRole("heading", { name: "Health" })).toBeVisible();
    for (const path of ["/health", "/health/ready"]) {
      await expect(reference.locator(".opblock-summary-path", { hasText: new RegExp(`^${path}$`) })).toBeVisible();
    }
    await expect(page.getByRole("status")).toHaveCount(0); // the loading note is gone
  });

  test("can call an endpoint with Try it out (connect-src 'self')", async ({ page }) => {
    await page.goto("/docs/api");
    const operation = page.locator(".opblock", { has: page.locator(".opblock-summary-path", { hasText: /^\/health\/ready$/ }) });
    await expect(operation).toBeVisible(rendered);
    await operation.locator(".opblock-summary").click();
    await operation.getByRole("button", { name: "Try it out" }).click();
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/v1/health/ready");
    await operation.getByRole("button", { name: "Execute" }).click();
    expect((await answered).status()).toBe(200);
    await expect(operation.locator(".live-responses-table")).toContainText('"status": "ready"');
  });

  test("loads Swagger UI from our own asset route", async ({ page }) => {
    const assets: string[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith("/docs/api/assets/")) assets.push(pathname);
    });
    await page.goto("/docs/api");
    await expect(page.locator(".swagger-ui .opblock").first()).toBeVisible(rendered);
    expect(assets.sort()).toEqual(["/docs/api/assets/swagger-ui-bundle.js", "/docs/api/assets/swagger-ui.css"]);
  });

  test("still renders after client-side navigation away and back", async ({ page }) => {
    await page.goto("/docs/api");
    await expect(page.locator(".swagger-ui .opblock").first()).toBeVisible(rendered);
    const nav = page.getByRole("navigation", { name: "Primary" });
    await nav.getByRole("link", { name: "Home" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/send email/i);
    await nav.getByRole("link", { name: "API reference" }).click();
    await expect(page).toHaveURL("/docs/api");
    await expect(page.locator(".swagger-ui .opblock-summary-path", { hasText: /^\/health\/ready$/ })).toBeVisible(rendered);
  });
});
