// The job worker: runs in the launcher's primary process (not in web workers),
// installs pg-boss's schema, keeps the queues' policies and schedules current and
// works them with the handlers the launcher gives it (server/launcher/start-jobs.ts
// names the service behind each queue; this module knows only the queues).
// Messages are delivered by delivery workers (DELIVERY_WORKERS, processes of
// their own, one per core by default), so sending is not bound to one core
// nor slowed by the primary's SMTP listeners; with none, the primary delivers.
// Set RUN_JOBS=false on instances that should only serve requests.
import { type JobResult, PgBoss } from "pg-boss";
import { logger } from "@/server/logger";
import { queuePolicies, queues } from "./queues";

/** The queues that run on a schedule, and when (cron): pg-boss keeps one schedule per name across instances, so several launchers do not multiply it. */
const schedules = {
  [queues.purgeAccounts]: "17 * * * *",
  [queues.pruneIdempotencyKeys]: "41 * * * *",
  [queues.pruneEvents]: "47 * * * *",
  [queues.endBillingPeriods]: "*/10 * * * *",
  [queues.recheckDomains]: "*/5 * * * *",
  [queues.foldMessageStats]: "* * * * *",
} as const;

/** What works each queue. */
export type JobHandlers = {
  /** Delivers one fetched batch of customer messages: one outcome per id, in order, each settling on its own ("done" completes its job). */
  deliverMessages: (messageIds: string[]) => Promise<PromiseSettledResult<"done" | "retry">[]>;
  /** Sends one of the service's own emails; throws for the queue to retry it. */
  sendEmail: (job: { id: string; data: { sealed: string } }) => Promise<void>;
  /** The scheduled queues' work. */
  scheduled: Record<keyof typeof schedules, () => Promise<unknown>>;
};

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
async function workDelivery(boss: PgBoss, deliverMessages: JobHandlers["deliverMessages"]): Promise<void> {
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
export async function startDeliveryWorker(
  databaseUrl: string,
  deliverMessages: JobHandlers["deliverMessages"],
): Promise<(timeoutMs?: number) => Promise<void>> {
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
  await workDelivery(boss, deliverMessages);
  return (timeoutMs = 10_000) => boss.stop({ graceful: true, timeout: timeoutMs });
}

/**
 * `handlers`: the work of each queue, or null when this process works none (RUN_JOBS=false; a script that only
 * installs the schema); `deliver`: whether it also delivers messages (not when delivery workers do).
 */
export async function startJobWorker(
  databaseUrl: string,
  options: { handlers: JobHandlers | null; deliver: boolean },
): Promise<(timeoutMs?: number) => Promise<void>> {
  // LISTEN/NOTIFY wakes delivery the moment a message is queued (polling stays as a floor).
  const boss = new PgBoss({ connectionString: databaseUrl, max: 6, useListenNotify: true });
  boss.on("error", (error) => logger().error({ err: error }, "job queue error"));
  await boss.start();
  for (const [name, policy] of Object.entries(queuePolicies)) {
    if (await boss.getQueue(name)) await boss.updateQueue(name, policy);
    else await boss.createQueue(name, policy);
  }
  for (const [name, cron] of Object.entries(schedules)) await boss.schedule(name, cron);
  const { handlers } = options;
  if (handlers) {
    for (const [name, work] of Object.entries(handlers.scheduled)) {
      await boss.work(name, async () => {
        await work();
      });
    }
    if (options.deliver) await workDelivery(boss, handlers.deliverMessages);
    await boss.work<{ sealed: string }>(queues.sendEmail, { pollingIntervalSeconds: 1, batchSize: 5 }, async (jobs) => {
      for (const job of jobs) {
        try {
          await handlers.sendEmail(job);
        } catch (error) {
          logger().warn({ jobId: job.id, err: error }, "email delivery failed; will retry");
          throw error;
        }
      }
    });
  }
  // Graceful: no new jobs are fetched, running ones may finish within `timeoutMs`.
  return (timeoutMs = 10_000) => boss.stop({ graceful: true, timeout: timeoutMs });
}
