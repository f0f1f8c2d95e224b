// Emails the account has sent in a quota period. Sending (#13) does not
// exist yet, so there is nothing to count and the answer is 0; the sending
// work replaces this body with a count over its messages table, and every
// reader (billing page, dashboard, quota check) picks it up from here.
import { db, type Executor } from "@/server/db/client";
import type { Period } from "./periods";

export async function emailsUsedInPeriod(_accountId: string, _period: Period, _tx: Executor = db()): Promise<number> {
  return 0;
}
