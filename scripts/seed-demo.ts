// `npm run seed:demo [-- --force] [-- --json]`: creates a demo account with
// something on every page (see server/demo/seed-demo-account.ts) and prints
// how to sign in. Refuses production (server/demo/production-guard.ts).
import path from "node:path";
import { loadDotenv } from "@/server/runtime/load-dotenv";
import { configurationRefusal, markerRefusal } from "@/server/demo/production-guard";
import { connectOnce, DemoDatabaseError, findDemoDatabase } from "@/server/demo/demo-database";
import { formatDemoSummary } from "@/server/demo/format-summary";
import { databaseEnvironment } from "@/server/db/environment-marker";
import { EnvError, env, useEmbeddedDatabase } from "@/server/config/env";

const USAGE = `Usage: npm run seed:demo [-- --force] [-- --json]

Creates a demo account (demo+<random>@example.com) with a verified and a pending
sending domain, two SMTP relays, the Pro plan with its invoice, an API key,
three messages, activity and a support ticket, and prints the credentials.

Database: DATABASE_URL, or else the embedded database of the app running
with the same DATA_DIR (\`npm start\` writes DATA_DIR/embedded-database.url).

Refuses APP_ENV=production and databases marked ces.environment=production.
--force   allow a DATABASE_URL whose host is not this machine (a remote staging copy)
--json    print the result as JSON`;

class Refusal extends Error {}

async function main() {
  const args = new Set(process.argv.slice(2));
  if (args.has("--help") || args.has("-h")) {
    console.log(USAGE);
    return;
  }
  const unknown = [...args].filter((arg) => !["--force", "--json"].includes(arg));
  if (unknown.length > 0) throw new Refusal(`Unknown option ${unknown.join(", ")}.\n\n${USAGE}`);

  loadDotenv();
  // Decided before anything else reads the configuration: production's checks would stop us with a less useful message.
  const refusal = configurationRefusal({
    appEnv: process.env.APP_ENV,
    databaseUrl: process.env.DATABASE_URL || undefined,
    force: args.has("--force"),
  });
  if (refusal) throw new Refusal(refusal);
  // The services log through pino; keep the output to what a person needs to read.
  process.env.LOG_LEVEL ||= "error";
  process.env.DATABASE_POOL_MAX ||= "4";
  // Found before the configuration is read, which would create DATA_DIR (and secrets in it) when it is the wrong folder.
  const database = findDemoDatabase(process.env.DATABASE_URL || undefined, path.resolve(process.env.DATA_DIR || "./.data"));
  const config = env();
  const marker = await connectOnce(database, config.dataDir, (client) => databaseEnvironment(client));
  const markedProduction = markerRefusal(marker);
  if (markedProduction) throw new Refusal(markedProduction);

  // What `npm start` does before serving, so a database the app has never opened works too.
  const { runMigrations } = await import("@/server/db/migrate");
  const { startJobWorker } = await import("@/server/jobs/worker");
  await runMigrations(database.url);
  const stopQueue = await startJobWorker(database.url, { handlers: null, deliver: false });
  await stopQueue();
  if (database.embedded) useEmbeddedDatabase(database.url);

  const { seedDemoAccount, closeConnections } = await import("@/server/demo/seed-demo-account");
  try {
    const account = await seedDemoAccount();
    const appRunning = await answers(`${env().appUrl}/api/v1/health`);
    const summary = { ...account, appUrl: env().appUrl, appRunning, database: database.embedded ? "embedded" : "DATABASE_URL" };
    console.log(args.has("--json") ? JSON.stringify(summary, null, 2) : formatDemoSummary(summary));
  } finally {
    await closeConnections();
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    if (error instanceof Refusal) {
      console.error(`Refusing to seed demo data: ${error.message}`);
      process.exit(2);
    }
    if (error instanceof DemoDatabaseError || error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    console.error(error);
    process.exit(1);
  },
);
