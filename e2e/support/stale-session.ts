// A session older than 15 minutes cannot be made from a browser test: the
// API's 403 reauthentication_required is covered by the integration tests, so
// specs answer the first request with it to see what the page does. What the
// page does next (re-authenticating, the retried request) is real.
import type { Page } from "@playwright/test";

/**
 * Answers the first request to `url` (only `method`'s, when given) as the API
 * does when the session is too old; later ones reach the server.
 * Returns how many of those requests the page has sent so far.
 */
export async function answerFirstAsStale(page: Page, url: string, method?: string): Promise<() => number> {
  let calls = 0;
  await page.route(url, async (route) => {
    if (method && route.request().method() !== method) return route.continue();
    calls += 1;
    if (calls > 1) return route.continue();
    return route.fulfill({
      status: 403,
      contentType: "application/json",
      body: JSON.stringify({
        success: false,
        message: "For your security, sign in again (or re-authenticate) before changing this.",
        data: { code: "reauthentication_required" },
      }),
    });
  });
  return () => calls;
}
