// What the launcher's processes share (docs/architecture.md, "The launcher's
// processes"): how long each may take to stop, the mark of the workers forked
// to deliver, and the configuration check each one starts with.
import { EnvError, type Env, env } from "@/server/config/env";

// Stopping (docs/stopping.md): web workers finish the requests in flight within
// WEB_DRAIN_MS; the job worker and delivery workers let running jobs finish
// within JOBS_STOP_MS (pg-boss's graceful stop; a job still running at its
// timeout goes back to the queue when its lease expires).
export const WEB_DRAIN_MS = 20_000;
export const JOBS_STOP_MS = 20_000;

/** Set in the environment of the cluster workers forked to deliver messages rather than serve requests. */
export const DELIVERY_ROLE = "CES_DELIVERY_WORKER";

/** The validated configuration; a bad one prints what is wrong and exits 1. */
export function loadConfig(): Env {
  try {
    return env();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
