// The two screens portal flows are walked on (a wide one and a 390 px phone),
// and the check that nothing pushes a page wider than its screen.
import type { Page } from "@playwright/test";
import { expect } from "./test";

export const wideAndPhone = [
  ["wide screen", { width: 1280, height: 900 }],
  ["390 px phone", { width: 390, height: 844 }],
] as const;

export async function expectNoSidewaysScroll(page: Page) {
  const [scrollWidth, clientWidth] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth!);
}
