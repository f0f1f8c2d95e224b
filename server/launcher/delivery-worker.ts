// A delivery worker the primary forks (DELIVERY_WORKERS; marked by DELIVERY_ROLE
// in its environment): it works the delivery queue only, beside the primary's
// job worker.
import type { Env } from "@/server/config/env";
import { JOBS_STOP_MS } from "./processes";
import { startDeliveries } from "./start-jobs";

/** A cluster worker that delivers messages: stops fetching on SIGTERM and lets the deliveries in flight finish. */
export async function runDeliveryWorker(config: Env): Promise<void> {
  const stopDelivery = await startDeliveries(config.DATABASE_URL!);
  let stopping = false;
  process.on("SIGTERM", () => {
    if (stopping) return;
    stopping = true;
    void stopDelivery(JOBS_STOP_MS)
      .catch((error: Error) => console.error(`delivery worker: ${error.message}`))
      .finally(() => process.exit(0));
  });
  process.on("SIGINT", () => {}); // the primary decides when workers stop
}
