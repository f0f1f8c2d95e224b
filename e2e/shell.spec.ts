// The portal shell: landmarks, navigation, skip link, landing and not-found pages.
import type { Page } from "@playwright/test";
import { accountMenuButton, newAccount, signUpInBrowser, signUpThroughPortal } from "./support/accounts";
import { expect, test } from "./support/test";

const navHrefs = (page: Page) =>
  page
    .getByRole("navigation", { name: "Primary" })
    .getByRole("link")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href")!));

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
    const hrefs = await navHrefs(page);
    expect(hrefs).toEqual(["/", "/docs/api", "/support"]);
    for (const href of hrefs) expect((await request.get(href)).status(), href).toBe(200);
  });

  test("signed in: a page load prefetches no navigation link; pointing at one prefetches that page, and it then opens", async ({
    page,
  }) => {
    await signUpThroughPortal(page.context().request, newAccount("prefetch"));
    const prefetched: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.searchParams.has("_rsc")) prefetched.push(url.pathname);
    });
    await page.goto("/settings", { waitUntil: "networkidle" });
    const nav = page.getByRole("navigation", { name: "Primary" });
    const navPaths = await navHrefs(page);
    expect(prefetched.filter((path) => navPaths.includes(path))).toEqual([]);

    await nav.getByRole("link", { name: "Sessions" }).hover();
    await expect.poll(() => prefetched).toContain("/sessions");
    expect(prefetched.filter((path) => navPaths.includes(path) && path !== "/sessions")).toEqual([]);
    await nav.getByRole("link", { name: "Sessions" }).click();
    await expect(page).toHaveURL("/sessions");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sessions");
  });

  test("signed in: a sidebar grouped by Sending and Account, every link a working page, none repeated in the account menu", async ({
    page,
  }) => {
    const account = newAccount("nav");
    await signUpInBrowser(page, account);
    await page.goto("/domains");
    const nav = page.getByRole("navigation", { name: "Primary" });
    // Beside the page, not above it.
    const [navBox, mainBox] = await Promise.all([nav.boundingBox(), page.getByRole("main").boundingBox()]);
    expect(navBox!.x + navBox!.width).toBeLessThanOrEqual(mainBox!.x + 1);
    await expect(nav.getByRole("list", { name: "Sending" }).getByRole("link")).toHaveText([
      "Domains",
      "Messages",
      "Templates",
      "API keys",
      "SMTP",
      "Relays",
      "Suppressions",
      "Topics",
      "Events",
    ]);
    await expect(nav.getByRole("list", { name: "Hosting" }).getByRole("link")).toHaveText(["Mailboxes"]);
    await expect(nav.getByRole("list", { name: "Account" }).getByRole("link")).toHaveText([
      "Billing",
      "Team",
      "Security",
      "Sessions",
      "Activity",
      "Settings",
    ]);
    await expect(nav.getByRole("link", { name: "Domains" })).toHaveAttribute("aria-current", "page");

    const hrefs = await navHrefs(page);
    expect(hrefs).toEqual([
      "/dashboard",
      "/domains",
      "/messages",
      "/templates",
      "/api-keys",
      "/smtp",
      "/relays",
      "/suppressions",
      "/topics",
      "/events",
      "/mailboxes",
      "/billing",
      "/team",
      "/security",
      "/sessions",
      "/activity",
      "/settings",
      "/docs/api",
      "/support",
    ]);
    for (const href of hrefs) expect((await page.request.get(href)).status(), href).toBe(200);

    await accountMenuButton(page, account.email).click();
    const menu = page.getByRole("banner").locator(`#${await accountMenuButton(page, account.email).getAttribute("aria-controls")}`);
    await expect(menu).toBeVisible();
    const menuHrefs = await menu.getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    expect(menuHrefs.filter((href) => hrefs.includes(href!))).toEqual([]);
    await expect(menu.getByRole("button", { name: "Sign out" })).toBeVisible();
  });
});

test.describe("navigation on a phone (390 px)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the menu button discloses the navigation; Escape closes it and gives focus back", async ({ page }) => {
    await page.goto("/");
    const button = page.getByRole("banner").getByRole("button", { name: "Menu" });
    const nav = page.getByRole("navigation", { name: "Primary" });
    await expect(nav).toBeHidden();
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(button).toHaveAttribute("aria-controls", "primary-navigation");

    await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(nav).toBeVisible();
    await expect(nav.getByRole("link", { name: "Home" })).toBeFocused();
    // The panel covers the page, so the page behind it does not scroll.
    await expect(page.locator("html")).toHaveCSS("overflow", "hidden");

    await page.keyboard.press("Escape");
    await expect(nav).toBeHidden();
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(button).toBeFocused();
  });

  test("choosing a page closes the menu, and tabbing out of it closes it too", async ({ page }) => {
    const account = newAccount("phone-nav");
    await signUpInBrowser(page, account);
    await page.goto("/dashboard");
    const button = page.getByRole("banner").getByRole("button", { name: "Menu" });
    const nav = page.getByRole("navigation", { name: "Primary" });
    await expect(nav).toBeHidden();

    await button.click();
    await nav.getByRole("list", { name: "Sending" }).getByRole("link", { name: "Domains" }).click();
    await expect(page).toHaveURL("/domains");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Domains");
    await expect(nav).toBeHidden();
    await expect(button).toHaveAttribute("aria-expanded", "false");

    // Back to the menu by keyboard; Shift+Tab from its first link leaves it for the button, which keeps it open.
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(nav.getByRole("link", { name: "Dashboard" })).toBeFocused();
    await nav.getByRole("link", { name: "Support" }).focus();
    await page.keyboard.press("Tab"); // past the last link, onto the page beneath
    await expect(nav).toBeHidden();
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
