// The job worker: runs in the launcher's primary process (not in web workers),
// installs pg-boss's schema, keeps the queues' policies current and works them.
// Messages are delivered by delivery workers (DELIVERY_WORKERS, processes of
// their own, one per core by default), so sending is not bound to one core
// nor slowed by the primary's SMTP listeners; with none, the primary delivers.
// Set RUN_JOBS=false on instances that should only serve requests.
import { type JobResult, PgBoss } from "pg-boss";
import { deliverEmail } from "@/server/notifications/deliver-email";
import { purgeDueAccounts } from "@/server/services/account/account-deletion";
import { deliverMessages } from "@/server/services/delivery/deliver-messages";
import { pruneIdempotencyKeys } from "@/server/services/messages/prune-idempotency-keys";
import { pruneEvents } from "@/server/services/events/prune-events";
import { endDuePeriods } from "@/server/services/billing/end-due-periods";
import { recheckDueDomains } from "@/server/services/domains/recheck-domains";
import { logger } from "@/server/logger";
import { closeRelayPools } from "@/server/outbound/relay/relay-pools";
import { queuePolicies, queues } from "./queues";

/**
 * Delivery takes up to 50 jobs per fetch and fetches again at once while
 * batches come back full; two fetch loops per process keep the next batch
 * coming while one waits on its slowest hand-off.
 */
const deliveryWorkOptions = {
  batchSize: 50,
  localConcurrency: 2,
  burstWhenBatchFull: true,
  pollingIntervalSeconds: 0.5,
  notifyPollingIntervalSeconds: 5,
  perJobResults: true,
} as const;

/** Works the delivery queue on `boss`: each fetched batch is delivered at once, each message settling on its own. */
async function workDelivery(boss: PgBoss): Promise<void> {
  await boss.work<{ messageId: string }>(queues.deliverMessage, deliveryWorkOptions, async (jobs): Promise<JobResult[]> => {
    // One that fails is retried alone, never the others with it.
    const outcomes = await deliverMessages(jobs.map((job) => job.data.messageId));
    return jobs.map((job, index) => {
      const outcome = outcomes[index]!;
      if (outcome.status === "fulfilled") return { id: job.id, status: outcome.value === "done" ? "completed" : "failed" };
      logger().warn({ messageId: job.data.messageId, err: outcome.reason }, "message delivery errored; will retry");
      return { id: job.id, status: "failed", output: { error: String(outcome.reason) } };
    });
  });
}

/**
 * A process that only delivers messages (DELIVERY_WORKERS), beside the
 * primary's job worker: the primary installs the schema, keeps the queues'
 * policies and schedules and supervises; this one fetches and delivers.
 */
export async function startDeliveryWorker(databaseUrl: string): Promise<(timeoutMs?: number) => Promise<void>> {
  const boss = new PgBoss({
    connectionString: databaseUrl,
    max: 4,
    useListenNotify: true,
    migrate: false,
    schedule: false,
    supervise: false,
  });
  boss.on("error", (error) => logger().error({ err: error }, "job queue error"));
  await boss.start();
  await workDelivery(boss);
  return async (timeoutMs = 10_000) => {
    await boss.stop({ graceful: true, timeout: timeoutMs });
    closeRelayPools();
  };
}

/**
 * `work`: whether this process works the queues at all (RUN_JOBS);
 * `deliver`: whether it also delivers messages (not when delivery workers do).
 */
export async function startJobWorker(
  databaseUrl: string,
  options: { work: boolean; deliver: boolean },
): Promise<(timeoutMs?: number) => Promise<void>> {
  // LISTEN/NOTIFY wakes delivery the moment a message is queued (polling stays as a floor).
  const boss = new PgBoss({ connectionString: databaseUrl, max: 6, useListenNotify: true });
  boss.on("error", (error) => logger().error({ err: error }, "job queue error"));
  await boss.start();
  for (const [name, policy] of Object.entries(queuePolicies)) {
    if (await boss.getQueue(name)) await boss.updateQueue(name, policy);
    else await boss.createQueue(name, policy);
  }
  // pg-boss keeps one schedule per name across instances, so several launchers do not multiply it.
  await boss.schedule(queues.purgeAccounts, "17 * * * *");
  await boss.schedule(queues.pruneIdempotencyKeys, "41 * * * *");
  await boss.schedule(queues.pruneEvents, "47 * * * *");
  await boss.schedule(queues.endBillingPeriods, "*/10 * * * *");
  await boss.schedule(queues.recheckDomains, "*/5 * * * *");
  if (options.work) {
    await boss.work(queues.purgeAccounts, async () => {
      await purgeDueAccounts();
    });
    await boss.work(queues.pruneIdempotencyKeys, async () => {
      await pruneIdempotencyKeys();
    });
    await boss.work(queues.pruneEvents, async () => {
      await pruneEvents();
    });
    if (options.deliver) await workDelivery(boss);
    await boss.work(queues.endBillingPeriods, async () => {
      await endDuePeriods();
    });
    await boss.work(queues.recheckDomains, async () => {
      await recheckDueDomains();
    });
    await boss.work<{ sealed: string }>(queues.sendEmail, { pollingIntervalSeconds: 1, batchSize: 5 }, async (jobs) => {
      for (const job of jobs) {
        try {
          await deliverEmail(job);
        } catch (error) {
          logger().warn({ jobId: job.id, err: error }, "email delivery failed; will retry");
          throw error;
        }
      }
    });
  }
  // Graceful: no new jobs are fetched, running ones may finish within `timeoutMs`; then pooled connections close.
  return async (timeoutMs = 10_000) => {
    await boss.stop({ graceful: true, timeout: timeoutMs });
    closeRelayPools();
  };
}
