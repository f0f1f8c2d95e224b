// The launcher (`npm start`, `npm run dev` with --dev; docs/architecture.md,
// "The launcher's processes"): scripts/start.ts calls it in every process it
// runs, the primary and each worker it forks (node:cluster runs the same
// script), and this says which one this process is.
import cluster from "node:cluster";
import { loadDotenv } from "@/server/runtime/load-dotenv";
import { runDeliveryWorker } from "./delivery-worker";
import { runPrimary } from "./primary";
import { DELIVERY_ROLE, loadConfig } from "./processes";
import { runWebWorker } from "./web-worker";

export function launch({ dev }: { dev: boolean }): void {
  loadDotenv();
  const run = async () => {
    const config = loadConfig();
    if (cluster.isPrimary) return runPrimary(config, { dev });
    return process.env[DELIVERY_ROLE] ? runDeliveryWorker(config) : runWebWorker(config, { dev });
  };
  run().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
