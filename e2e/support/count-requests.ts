// Watching (not intercepting) what the page asks the server.
import type { Page } from "@playwright/test";

/** Counts the page's `method` requests to `pathname` from now on; returns how many so far. */
export function countRequests(page: Page, pathname: string, method: string): () => number {
  let count = 0;
  page.on("request", (request) => {
    if (request.method() === method && new URL(request.url()).pathname === pathname) count += 1;
  });
  return () => count;
}
