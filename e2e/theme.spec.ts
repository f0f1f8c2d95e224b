// Light / dark / system theme: follows the system by default, the toggle
// persists across reloads, and the theme is applied before first paint.
import { expect, test } from "./support/test";

const html = (page: import("@playwright/test").Page) => page.locator("html");

test.describe("theme", () => {
  for (const colorScheme of ["light", "dark"] as const) {
    test(`follows a ${colorScheme} system preference by default`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await page.goto("/");
      await expect(html(page)).toHaveAttribute("data-theme", colorScheme);
      await expect(page.getByRole("button", { name: "System theme" })).toHaveAttribute("aria-pressed", "true");
    });
  }

  const choices = [
    { button: "Dark theme", system: "light", expected: "dark" },
    { button: "Light theme", system: "dark", expected: "light" },
  ] as const;
  for (const { button, system, expected } of choices) {
    test(`"${button}" overrides a ${system} system and persists across reload`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: system });
      await page.goto("/");
      await expect(html(page)).toHaveAttribute("data-theme", system);

      await page.getByRole("button", { name: button }).click();
      await expect(html(page)).toHaveAttribute("data-theme", expected);
      await expect(page.getByRole("button", { name: button })).toHaveAttribute("aria-pressed", "true");

      await page.reload();
      await expect(html(page)).toHaveAttribute("data-theme", expected);
      await expect(page.getByRole("button", { name: button })).toHaveAttribute("aria-pressed", "true");
      await expect(page.getByRole("button", { name: "System theme" })).toHaveAttribute("aria-pressed", "false");
    });
  }

  test('"System theme" forgets the choice and tracks system changes live', async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/");
    await page.getByRole("button", { name: "Dark theme" }).click();
    await page.getByRole("button", { name: "System theme" }).click();
    await expect(html(page)).toHaveAttribute("data-theme", "light");
    expect(await page.evaluate(() => window.localStorage.getItem("ces-theme"))).toBeNull();

    await page.emulateMedia({ colorScheme: "dark" });
    await expect(html(page)).toHaveAttribute("data-theme", "dark");
  });

  test("is applied before the body is parsed (no flash)", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/");
    await page.getByRole("button", { name: "Dark theme" }).click();

    // Record the theme at the moment <body> appears, before anything is painted.
    await page.addInitScript(() => {
      new MutationObserver((_records, observer) => {
        if (!document.body) return;
        (window as unknown as { themeAtBody: string | null }).themeAtBody = document.documentElement.getAttribute("data-theme");
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.reload();
    expect(await page.evaluate(() => (window as unknown as { themeAtBody: string | null }).themeAtBody)).toBe("dark");
  });
});
