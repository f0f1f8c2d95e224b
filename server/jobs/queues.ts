// The background jobs and their retry policies. pg-boss keeps them in the
// `pgboss` schema of our database, so every instance shares one queue.
import type { Queue } from "pg-boss";

export const queues = {
  /** Deliver one email. Data: { sealed } (the message, encrypted: it may hold a code or link). */
  sendEmail: "email.send",
  /** Deliver one customer message (sending API or SMTP). Data: { messageId } (the content stays in the database). */
  deliverMessage: "message.deliver",
  /** Hourly: forget Idempotency-Keys older than 24 hours. */
  pruneIdempotencyKeys: "idempotency.prune",
  /** Hourly: drop event feed entries older than 30 days (server/services/events/prune-events.ts). */
  pruneEvents: "events.prune",
  /** Hourly: erase accounts whose 30-day deletion grace period has ended. */
  purgeAccounts: "accounts.purge",
  /** Every 10 minutes: subscriptions whose term ended move on (next month, past_due or free). */
  endBillingPeriods: "billing.end-periods",
  /** Every minute: add the stats trigger's pending counts into the hourly rollup (server/services/stats/fold-message-stats.ts). */
  foldMessageStats: "stats.fold",
  /** Every 5 minutes: re-check the DNS of sending domains that are due (server/services/domains/recheck-domains.ts). */
  recheckDomains: "domains.recheck",
} as const;

export const queuePolicies: Record<(typeof queues)[keyof typeof queues], Omit<Queue, "name">> = {
  "email.send": {
    retryLimit: 12,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 900,
    // Finished email jobs go soon: even sealed, their content is not kept longer than needed.
    deleteAfterSeconds: 3600,
    retentionSeconds: 7 * 24 * 3600,
  },
  "message.deliver": {
    // deliver-messages.ts marks the message failed on its last attempt; this only has to allow that many.
    retryLimit: 6,
    retryDelay: 10,
    retryBackoff: true,
    retryDelayMax: 1800,
    deleteAfterSeconds: 24 * 3600,
    // A worker that dies mid-delivery stops beating: its jobs go back to the queue within a minute.
    heartbeatSeconds: 30,
    notify: true,
  },
  "idempotency.prune": { retryLimit: 2, retryDelay: 60, deleteAfterSeconds: 24 * 3600 },
  "events.prune": { retryLimit: 2, retryDelay: 60, deleteAfterSeconds: 24 * 3600 },
  "accounts.purge": { retryLimit: 3, retryDelay: 60, deleteAfterSeconds: 24 * 3600 },
  "billing.end-periods": { retryLimit: 2, retryDelay: 60, deleteAfterSeconds: 24 * 3600 },
  // No retries: the next minute's run folds what is left.
  "stats.fold": { retryLimit: 0, expireInSeconds: 10 * 60, deleteAfterSeconds: 3600 },
  // No retries: the next run, five minutes later, picks up whatever is still due.
  "domains.recheck": { retryLimit: 0, expireInSeconds: 15 * 60, deleteAfterSeconds: 3600 },
};
