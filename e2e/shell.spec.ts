// The portal shell: landmarks, navigation, skip link, landing and not-found pages.
import { expect, test } from "./support/test";

test.describe("landing page", () => {
  test("says what the product is", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("Customer Email Service");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/send email from your product/i);
    for (const topic of ["SMTP relays", "SPF, DKIM and DMARC", "plan", "REST API"]) {
      await expect(page.getByText(topic).first()).toBeVisible();
    }
  });

  const landmarks = [
    { role: "banner", name: undefined },
    { role: "navigation", name: "Primary" },
    { role: "main", name: undefined },
    { role: "contentinfo", name: undefined },
  ] as const;
  for (const { role, name } of landmarks) {
    test(`has one ${role}${name ? ` "${name}"` : ""} landmark`, async ({ page }) => {
      await page.goto("/");
      await expect(page.getByRole(role, name ? { name } : {})).toHaveCount(1);
    });
  }

  test("shows a curl example whose answer matches the live API", async ({ page, request }) => {
    await page.goto("/");
    const example = page.getByRole("figure").filter({ hasText: "curl" });
    await expect(example).toContainText(/curl -s http:\/\/\S+\/api\/v1\/health/);
    const live = (await (await request.get("/api/v1/health")).json()) as { data: { version: string } };
    await expect(example).toContainText(`"version": "${live.data.version}"`);
  });

  test("links to the API reference", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("main").getByRole("link", { name: "Read the API reference" }).click();
    await expect(page).toHaveURL("/docs/api");
    await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
  });
});

test.describe("skip link", () => {
  test("is the first tab stop and moves focus to main", async ({ page }) => {
    await page.goto("/");
    await page.keyboard.press("Tab");
    const skipLink = page.getByRole("link", { name: "Skip to content" });
    await expect(skipLink).toBeFocused();
    await expect(skipLink).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.locator("main#main")).toBeFocused();
  });
});

test.describe("primary navigation", () => {
  const cases = [
    { path: "/", current: "Home" },
    { path: "/docs/api", current: "API reference" },
  ];
  for (const { path, current } of cases) {
    test(`marks "${current}" as the current page on ${path}`, async ({ page }) => {
      await page.goto(path);
      const nav = page.getByRole("navigation", { name: "Primary" });
      await expect(nav.getByRole("link", { name: current })).toHaveAttribute("aria-current", "page");
      await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    });
  }

  test("only links pages that exist", async ({ page, request }) => {
    await page.goto("/");
    const hrefs = await page
      .getByRole("navigation", { name: "Primary" })
      .getByRole("link")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
    expect(hrefs).toEqual(["/", "/docs/api", "/support"]);
    for (const href of hrefs) expect((await request.get(href)).status(), href).toBe(200);
  });
});

test.describe("not-found page", () => {
  for (const path of ["/no-such-page", "/dashboards", "/docs/api/no-such-page"]) {
    test(`${path} answers 404 inside the shell`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
      await expect(page.getByRole("banner")).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeVisible();
      await page.getByRole("main").getByRole("link", { name: "Back to home" }).click();
      await expect(page).toHaveURL("/");
    });
  }
});
