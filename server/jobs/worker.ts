// The job worker: runs in the launcher's primary process (not in web workers),
// installs pg-boss's schema, keeps the queues' policies current and works them.
// Set RUN_JOBS=false on instances that should only serve requests.
import { PgBoss } from "pg-boss";
import { deliverEmail } from "@/server/email/deliver-email";
import { purgeDueAccounts } from "@/server/services/account/account-deletion";
import { deliverMessage } from "@/server/services/messages/deliver-message";
import { pruneIdempotencyKeys } from "@/server/services/messages/prune-idempotency-keys";
import { endDuePeriods } from "@/server/services/billing/end-due-periods";
import { recheckDueDomains } from "@/server/services/domains/recheck-domains";
import { logger } from "@/server/logger";
import { queuePolicies, queues } from "./queues";

export async function startJobWorker(databaseUrl: string, options: { work: boolean }): Promise<(timeoutMs?: number) => Promise<void>> {
  const boss = new PgBoss({ connectionString: databaseUrl, max: 4 });
  boss.on("error", (error) => logger().error({ err: error }, "job queue error"));
  await boss.start();
  for (const [name, policy] of Object.entries(queuePolicies)) {
    if (await boss.getQueue(name)) await boss.updateQueue(name, policy);
    else await boss.createQueue(name, policy);
  }
  // pg-boss keeps one schedule per name across instances, so several launchers do not multiply it.
  await boss.schedule(queues.purgeAccounts, "17 * * * *");
  await boss.schedule(queues.pruneIdempotencyKeys, "41 * * * *");
  await boss.schedule(queues.endBillingPeriods, "*/10 * * * *");
  await boss.schedule(queues.recheckDomains, "*/5 * * * *");
  if (options.work) {
    await boss.work(queues.purgeAccounts, async () => {
      await purgeDueAccounts();
    });
    await boss.work(queues.pruneIdempotencyKeys, async () => {
      await pruneIdempotencyKeys();
    });
    await boss.work<{ messageId: string }>(queues.deliverMessage, { pollingIntervalSeconds: 1, batchSize: 5 }, async (jobs) => {
      // One failure must not hold up the others: each message settles on its own.
      const results = await Promise.allSettled(jobs.map((job) => deliverMessage(job.data.messageId)));
      const failed = results.find((result) => result.status === "rejected");
      if (failed) throw (failed as PromiseRejectedResult).reason;
    });
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
  // Graceful: no new jobs are fetched, running ones may finish within `timeoutMs`.
  return (timeoutMs = 10_000) => boss.stop({ graceful: true, timeout: timeoutMs });
}
