// Sensitive changes need a sign-in from the last 15 minutes. A browser test
// cannot wait that long, so it moves the account's sessions' sign-in time an
// hour back in the e2e server's own database (as the integration tests move
// a record's clock); the API then answers 403 reauthentication_required by
// itself, and everything the page does after that is real.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import pg from "pg";

/** The e2e server's database: the run's DATABASE_URL, else the address the embedded database's launcher wrote. */
function e2eDatabaseUrl(): string {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  return readFileSync(path.join(process.env.E2E_DATA_DIR!, "embedded-database.url"), "utf8").trim();
}

/** Makes every session of the account older than the window for sensitive changes. */
export async function makeSessionsStale(email: string): Promise<void> {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  try {
    const aged = await client.query(
      "update sessions set authenticated_at = authenticated_at - interval '1 hour' where account_id = (select id from accounts where email = $1)",
      [email],
    );
    if (!aged.rowCount) throw new Error(`${email} has no session to make stale`);
  } finally {
    await client.end();
  }
}

/** Counts the page's `method` requests to `pathname` from now on; returns how many so far. */
export function countRequests(page: Page, pathname: string, method: string): () => number {
  let count = 0;
  page.on("request", (request) => {
    if (request.method() === method && new URL(request.url()).pathname === pathname) count += 1;
  });
  return () => count;
}
