// Waits until a page's client components have fetched and rendered their data,
// before a sweep measures or audits it: the network going idle, except on a
// page that keeps one request open on purpose (the Events page's live tail
// long-polls the feed), where its "Live" status says the data is in.
import type { Page } from "@playwright/test";
import { expect } from "./test";

const liveTails: Record<string, (page: Page) => Promise<void>> = {
  "/events": (page) => expect(page.getByRole("status").filter({ hasText: "Live" })).toBeVisible(),
};

export async function waitForPageData(page: Page, route: string): Promise<void> {
  const live = liveTails[route];
  if (live) await live(page);
  else await page.waitForLoadState("networkidle");
}
