// Writes what Postfix's log says about one delivery (server/outbound/postfix/
// delivery-log.ts) onto the recipient whose copy has that queue ID
// (docs/delivery.md, "Delivery evidence"): the server as Postfix names it,
// `host[ip]:port`, and the TLS of the connection. The log line can come before
// the hand-off's outcome is written (Postfix delivers within milliseconds), so
// an update that finds no recipient yet is tried again a few times.
import { sql } from "drizzle-orm";
import { db } from "@/server/db/client";
import { logger } from "@/server/logger";
import type { DeliveryEvidence } from "@/server/outbound/postfix/delivery-log";

const RETRY_DELAYS_MS = [100, 500, 2_000, 10_000];
/** Evidence waiting for its recipient's row: bounded, so a flood of unmatched lines (reports to our own MX) costs little. */
const MAX_WAITING = 1_000;
let waiting = 0;

async function writeEvidence(evidence: DeliveryEvidence): Promise<boolean> {
  const result = await db().execute(sql`
    update message_recipients
       set remote_mta = ${evidence.relay}, tls = ${JSON.stringify(evidence.tls)}::jsonb, updated_at = clock_timestamp()
     where queue_id = ${evidence.queueId} and email = ${evidence.recipient}
 returning email`);
  return result.rows.length > 0;
}

/** Never throws: the evidence adds to an outcome, it does not decide one. */
export async function recordDeliveryEvidence(evidence: DeliveryEvidence, attempt = 0): Promise<void> {
  try {
    if (await writeEvidence(evidence)) return;
  } catch (error) {
    logger().warn({ err: error, queueId: evidence.queueId }, "delivery evidence not recorded");
    return;
  }
  // Not ours (a report to our MX), or the hand-off's outcome is not written yet.
  const delay = RETRY_DELAYS_MS[attempt];
  if (delay === undefined || waiting >= MAX_WAITING) return;
  waiting += 1;
  setTimeout(() => {
    waiting -= 1;
    void recordDeliveryEvidence(evidence, attempt + 1);
  }, delay).unref();
}
