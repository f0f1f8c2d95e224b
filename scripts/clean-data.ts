// `npm run clean-data`: removes this checkout's stored data, the mail kept
// outside the clone included (server/runtime/clean-data.ts), and says what went.
// A DATABASE_URL's database is the operator's and is not touched.
import path from "node:path";
import { CleanDataRefusedError, cleanData } from "@/server/runtime/clean-data";
import { InstanceLockedError } from "@/server/runtime/acquire-instance-lock";
import { loadDotenv } from "@/server/runtime/load-dotenv";

loadDotenv();
// Read before (and instead of) the configuration, which would create DATA_DIR and secrets in it.
const dataDir = path.resolve(process.env.DATA_DIR || "./.data");

try {
  const removed = cleanData({ dataDir, checkout: process.cwd() });
  if (removed.length === 0) console.log(`Nothing to remove: no ${dataDir}, and no mail of this checkout outside it.`);
  for (const { path: where, what } of removed) console.log(`removed ${where} (${what})`);
  if (process.env.DATABASE_URL) console.log("DATABASE_URL's database is left as it is.");
} catch (error) {
  if (error instanceof InstanceLockedError) {
    console.error(
      `A server of this checkout (pid ${error.ownerPid}) is running on ${error.dataDir}: stop it first (kill -TERM ${error.ownerPid}). Nothing removed.`,
    );
    process.exit(1);
  }
  if (error instanceof CleanDataRefusedError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
