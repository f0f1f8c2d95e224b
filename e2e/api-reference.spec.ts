// /docs/api renders the live OpenAPI document with Scalar (docs/api-reference.md):
// sending first, curl and Node examples on each operation, the portal's light
// and dark theme, loaded on this page only and entirely from our origin under
// the page CSP (the page guard fails any test that breaks either).
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";

// The reference is one ES module and its chunks, rendered in the browser: on a loaded machine its first render can pass the default 10 s.
const rendered = { timeout: 30_000 };

const sidebar = (page: Page) => page.getByRole("complementary", { name: /^Sidebar for Customer Email Service API/ });
const sendOperation = (page: Page) => page.locator('[id="api-1/tag/messages/POST/sending/messages"]');

test.describe("API reference", () => {
  test.describe.configure({ timeout: 90_000 });

  test("leads with sending: the introduction sends an email, the sidebar starts with the Sending group and Messages", async ({ page }) => {
    const response = await page.goto("/docs/api");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Customer Email Service API" })).toBeVisible(rendered);
    await expect(page.getByRole("status")).toHaveCount(0); // the loading note is gone
    const introduction = page.locator('[id="api-1/description/introduction"]');
    await expect(introduction).toContainText("Send an email");
    await expect(introduction.locator("code").filter({ hasText: "curl -X POST" })).toContainText("/api/v1/sending/messages");

    const groups = sidebar(page).getByRole("button", { name: /^Open Group - / });
    await expect(groups.first()).toHaveAccessibleName("Open Group - Messages");
    await expect(groups.nth(1)).toHaveAccessibleName("Open Group - Templates");
    await expect(groups.nth(2)).toHaveAccessibleName("Open Group - Suppressions");
    await expect(groups.nth(3)).toHaveAccessibleName("Open Group - Topics");
    await expect(groups.nth(4)).toHaveAccessibleName("Open Group - Events");
    await expect(groups.nth(5)).toHaveAccessibleName("Open Group - Sending domains");
    await expect(sidebar(page)).toContainText(/Sending[\s\S]*Messages[\s\S]*Account[\s\S]*Auth/);
  });

  test("sending an email has a curl and a Node example, both ready to send", async ({ page }) => {
    await page.goto("/docs/api");
    await page.getByRole("button", { name: "Show all Messages endpoints" }).click(rendered);
    const operation = sendOperation(page);
    await expect(operation).toBeVisible();
    const example = operation.locator("code").filter({ hasText: "/api/v1/sending/messages" }).first();
    await expect(example).toContainText("curl ");
    await expect(example).toContainText("--request POST");
    await expect(example).toContainText("Authorization: Bearer");
    // The schema's example, so it sends as it stands rather than with empty strings.
    await expect(example).toContainText('"subject": "Your receipt"');

    // The client tabs: curl first, then Node.
    const clients = page.getByRole("tablist", { name: "Client Libraries" }).getByRole("tab");
    await expect(clients.first()).toHaveAccessibleName("Shell");
    await clients.filter({ hasText: "Node.js" }).click();
    await expect(example).toContainText(/\b(fetch|request)\(/);
    await expect(example).toContainText("/api/v1/sending/messages");
    await expect(example).toContainText("method: 'POST'");
    await expect(example).toContainText("subject: 'Your receipt'");
  });

  for (const [system, toggle, expected] of [
    ["light", "Dark theme", "dark"],
    ["dark", "Light theme", "light"],
  ] as const) {
    test(`follows the portal's theme: a ${system} system, then "${toggle}"`, async ({ page }) => {
      const background = () => page.evaluate(() => getComputedStyle(document.body).getPropertyValue("--scalar-background-1").trim());
      await page.emulateMedia({ colorScheme: system });
      await page.goto("/docs/api");
      await expect(page.getByRole("heading", { level: 1, name: "Customer Email Service API" })).toBeVisible(rendered);
      await expect(page.locator("body")).toHaveClass(new RegExp(`\\b${system}-mode\\b`));
      expect(await background()).toBe(system === "dark" ? "#09090b" : "#ffffff"); // the portal's own page colours

      await page.getByRole("banner").getByRole("button", { name: toggle }).click();
      await expect(page.locator("body")).toHaveClass(new RegExp(`\\b${expected}-mode\\b`));
      expect(await background()).toBe(expected === "dark" ? "#09090b" : "#ffffff");
      // Scalar's own toggle would disagree with the portal's: it is not offered.
      await expect(page.getByRole("button", { name: /dark mode|light mode/i })).toHaveCount(0);
    });
  }

  test("loads on this page only, from our own asset route", async ({ page }) => {
    const assets: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith("/docs/api/assets/")) assets.push(`${url.pathname}${url.search}`);
    });
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    expect(assets, "the home page loads none of it").toEqual([]);

    await page.goto("/docs/api");
    await expect(sendOperation(page).or(page.getByRole("button", { name: "Show all Messages endpoints" }))).toBeVisible(rendered);
    expect(assets[0]).toMatch(/^\/docs\/api\/assets\/standalone\.esm\.js\?v=\d+\.\d+\.\d+$/);
    expect(assets.slice(1).length).toBeGreaterThan(0);
    for (const asset of assets.slice(1)) expect(asset).toMatch(/^\/docs\/api\/assets\/chunks\/[\w.-]+\.js$/);
  });

  test("still renders after client-side navigation away and back", async ({ page }) => {
    await page.goto("/docs/api");
    await expect(page.getByRole("heading", { level: 1, name: "Customer Email Service API" })).toBeVisible(rendered);
    const nav = page.getByRole("navigation", { name: "Primary" });
    await nav.getByRole("link", { name: "Home" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/send email/i);
    // The reference's stylesheet stays in the document; the page still takes the portal's colours when the theme changes.
    for (const theme of ["Dark theme", "Light theme"]) {
      await page.getByRole("banner").getByRole("button", { name: theme }).click();
      // The same colour as on a page that never loaded the reference (the choice is shared through localStorage).
      const fresh = await page.context().newPage();
      await fresh.goto("/");
      const expected = await fresh.locator("body").evaluate((body) => getComputedStyle(body).backgroundColor);
      await fresh.close();
      await expect(page.locator("body")).toHaveCSS("background-color", expected);
    }
    await nav.getByRole("link", { name: "API reference" }).click();
    await expect(page).toHaveURL("/docs/api");
    await expect(page.getByRole("heading", { level: 1, name: "Customer Email Service API" })).toBeVisible(rendered);
    await expect(page.getByRole("heading", { level: 1, name: "Customer Email Service API" })).toHaveCount(1); // one instance, not two
  });
});
