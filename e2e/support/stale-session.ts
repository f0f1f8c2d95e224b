// Sensitive changes need a sign-in from the last 15 minutes. A browser test
// cannot wait that long, so it moves the account's sessions' sign-in time an
// hour back in the e2e server's database; the API then answers 403
// reauthentication_required by itself, and everything the page does after
// that is real.
import { e2eSql } from "./database";

/** Makes every session of the account older than the window for sensitive changes. */
export async function makeSessionsStale(email: string): Promise<void> {
  const aged = await e2eSql(
    "update sessions set authenticated_at = authenticated_at - interval '1 hour' where account_id = (select id from accounts where email = $1)",
    [email],
  );
  if (aged === 0) throw new Error(`${email} has no session to make stale`);
}
