// Which service works which queue (server/jobs/queues.ts): the job worker
// knows the queues and how they are worked (server/jobs/worker.ts), the
// launcher names the work. After a worker stops, the relay connections its
// deliveries pooled close.
import { queues } from "@/server/jobs/queues";
import { type JobHandlers, startDeliveryWorker, startJobWorker } from "@/server/jobs/worker";
import { deliverEmail } from "@/server/notifications/deliver-email";
import { closeRelayPools } from "@/server/outbound/relay/relay-pools";
import { purgeDueAccounts } from "@/server/services/account/account-deletion";
import { endDuePeriods } from "@/server/services/billing/end-due-periods";
import { deliverMessages } from "@/server/services/delivery/deliver-messages";
import { recheckDueDomains } from "@/server/services/domains/recheck-domains";
import { pruneEvents } from "@/server/services/events/prune-events";
import { pruneIdempotencyKeys } from "@/server/services/messages/prune-idempotency-keys";
import { foldMessageStats } from "@/server/services/stats/fold-message-stats";

const handlers: JobHandlers = {
  deliverMessages,
  sendEmail: deliverEmail,
  scheduled: {
    [queues.purgeAccounts]: purgeDueAccounts,
    [queues.pruneIdempotencyKeys]: pruneIdempotencyKeys,
    [queues.pruneEvents]: pruneEvents,
    [queues.endBillingPeriods]: endDuePeriods,
    [queues.recheckDomains]: recheckDueDomains,
    [queues.foldMessageStats]: foldMessageStats,
  },
};

export type StopJobs = (timeoutMs?: number) => Promise<void>;

const thenClosePools =
  (stop: StopJobs): StopJobs =>
  async (timeoutMs) => {
    await stop(timeoutMs);
    closeRelayPools();
  };

/** The primary's job worker. `work`: whether it works the queues at all (RUN_JOBS); `deliver`: messages too (no delivery workers). */
export async function startJobs(databaseUrl: string, options: { work: boolean; deliver: boolean }): Promise<StopJobs> {
  return thenClosePools(await startJobWorker(databaseUrl, { handlers: options.work ? handlers : null, deliver: options.deliver }));
}

/** A delivery worker's: it works the delivery queue only. */
export async function startDeliveries(databaseUrl: string): Promise<StopJobs> {
  return thenClosePools(await startDeliveryWorker(databaseUrl, handlers.deliverMessages));
}
