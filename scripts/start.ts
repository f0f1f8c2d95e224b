// `npm start` (`npm run dev` with --dev). The primary process validates the
// configuration, provides the embedded database when DATABASE_URL is absent,
// applies migrations, then forks stateless web workers (node:cluster shares
// the port) that only ever see a DATABASE_URL, and delivery workers
// (DELIVERY_WORKERS) that deliver queued messages while its own job worker
// does the rest.
// First: an unsupported Node.js is refused before anything else loads.
import "@/server/runtime/refuse-unsupported-node";
import cluster from "node:cluster";
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "@/server/db/embedded";
import { runMigrations } from "@/server/db/migrate";
import { markDatabaseEnvironment } from "@/server/db/environment-marker";
import { loadDotenv } from "@/server/runtime/load-dotenv";
import { EnvError, env, useEmbeddedDatabase, usePostfixHandOff } from "@/server/config/env";
import { startDeliveryWorker, startJobWorker } from "@/server/jobs/worker";
import { startMailListeners } from "@/server/mail/start-mail-listeners";
import { startDevDns } from "@/server/dev-dns/start-dev-dns";
import { missingDovecotPackages, startMailStore } from "@/server/mail-store/dovecot/start-mail-store";
import { readMailStorage } from "@/server/mail-store/dovecot/mail-store-status";
import { mailLoginLimits } from "@/server/services/rate-limit/count-mail-login";
import { startPostfix } from "@/server/outbound/postfix/start-postfix";
import { startRspamd } from "@/server/spam-filter/start-rspamd";
import { startWebServer } from "@/server/runtime/web-server";
import { drainWebServer } from "@/server/runtime/drain-web-server";
import { acquireInstanceLock, InstanceLockedError } from "@/server/runtime/acquire-instance-lock";
import { watchParentProcess } from "@/server/runtime/watch-parent-process";
import { portProblems } from "@/server/runtime/check-listen-ports";
import { servicePorts } from "@/server/runtime/service-ports";

// Stopping (SIGTERM or SIGINT, from a terminal or any process manager): web
// workers finish the requests in flight within WEB_DRAIN_MS, the job worker
// lets running jobs finish (pg-boss's graceful stop; a job still running at
// its timeout goes back to the queue when its lease expires), then Dovecot,
// Postfix (its queue stays on disk) and rspamd stop, and the embedded database closes. See docs/stopping.md.
const WEB_DRAIN_MS = 20_000;
const JOBS_STOP_MS = 20_000;

const isDev = process.argv.includes("--dev");
/** Set in the environment of the cluster workers forked to deliver messages rather than serve requests. */
const DELIVERY_ROLE = "CES_DELIVERY_WORKER";
loadDotenv();

function loadConfig() {
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

async function runPrimary() {
  const config = loadConfig();
  let releaseLock: () => void;
  try {
    releaseLock = acquireInstanceLock(config.dataDir);
  } catch (error) {
    if (!(error instanceof InstanceLockedError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  process.on("exit", () => releaseLock());
  if (!isDev && !existsSync(path.join(process.cwd(), ".next", "BUILD_ID"))) {
    console.error("No production build found: run `npm run build` first (or `npm run dev`).");
    process.exit(1);
  }
  // Every port first, before anything starts: a taken one is an error naming its variable, never a child
  // engine restarting forever behind a "ready" line (docs/operations.md, "Ports").
  const dovecot = config.mailStore.mode === "auto" && missingDovecotPackages().length === 0;
  const taken = await portProblems(servicePorts(config, { dovecot }));
  if (taken.length > 0) {
    console.error(`Cannot start: ${taken.length === 1 ? "a port it needs is" : "ports it needs are"} not free.\n  ${taken.join("\n  ")}`);
    process.exit(1);
  }
  const workerCount = isDev ? 1 : config.WEB_CONCURRENCY;
  const deliveryWorkerCount = config.RUN_JOBS && !isDev ? config.DELIVERY_WORKERS : 0;

  let embedded: EmbeddedPostgres | undefined;
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      // Worker and delivery-worker pools, the job worker, migrations, Dovecot's auth and dict processes, and room for local tools (psql, the test suite).
      maxConnections:
        config.DATABASE_POOL_MAX * (workerCount + deliveryWorkerCount) +
        4 * deliveryWorkerCount +
        24 +
        (config.mailStore.mode === "auto" ? 16 : 0),
    });
    databaseUrl = embedded.url;
    useEmbeddedDatabase(databaseUrl);
    // Lets local tools (psql, the test suite) reach the embedded database while it runs.
    writeFileSync(path.join(config.dataDir, "embedded-database.url"), `${databaseUrl}\n`, { mode: 0o600 });
    console.log(`embedded PostgreSQL (PGlite) in ${path.join(config.dataDir, "pg")}`);
  }
  await runMigrations(databaseUrl);
  if (config.isProduction) {
    // Lets tools run with the wrong configuration (npm run seed:demo) still see whose database this is.
    await markDatabaseEnvironment(databaseUrl, "production").catch((error: Error) => {
      console.warn(
        `could not mark the database as production (${error.message}); set it by hand: ALTER DATABASE <name> SET ces.environment = 'production'`,
      );
    });
  }
  // Before the job worker: messages it delivers hand off to it (docs/delivery.md).
  const postfix = await startPostfix(config).catch((error: Error) => {
    if (!(error instanceof EnvError)) throw error;
    console.error(error.message);
    return process.exit(1);
  });
  console.log(postfix.description);
  if (postfix.handOffSocket) usePostfixHandOff(postfix.handOffSocket);
  const stopJobs = await startJobWorker(databaseUrl, { work: config.RUN_JOBS, deliver: deliveryWorkerCount === 0 });
  // Before the mail listeners: mail for hosted mailboxes is delivered to it.
  const mailStore = await startMailStore(config, databaseUrl, mailLoginLimits());
  console.log(mailStore.description);
  // Not awaited while it loads (~30 s): until it answers, the MX accepts mail unchecked (docs/spam-and-rules.md).
  const spamFilter = await startRspamd(config);
  console.log(spamFilter.description);
  const mailListeners = await startMailListeners(config, mailStore.rulesMail, postfix.reports);
  for (const address of mailListeners.addresses) console.log(address);
  // Outside production only: answers for the domains customers add (docs/domains.md); its sockets close with the process.
  const devDns = await startDevDns(config);
  if (devDns.address) console.log(`development DNS on ${devDns.address} (UDP and TCP): serves the records of the domains added here`);

  cluster.setupPrimary({ silent: false });
  const workerEnv = {
    DATABASE_URL: databaseUrl,
    DATA_DIR: config.dataDir,
    DATABASE_EMBEDDED: String(Boolean(embedded) || config.DATABASE_EMBEDDED),
    ...(mailStore.imapUrl ? { DOVECOT_IMAP_URL: mailStore.imapUrl } : {}),
    ...(postfix.handOffSocket ? { POSTFIX_HANDOFF_SOCKET: postfix.handOffSocket } : {}),
  };
  const deliveryEnv = { ...workerEnv, [DELIVERY_ROLE]: "1" };
  const delivering = new Set<number>();
  const forkDeliveryWorker = () => delivering.add(cluster.fork(deliveryEnv).id);
  let stopping = false;
  for (let index = 0; index < workerCount; index += 1) cluster.fork(workerEnv);
  for (let index = 0; index < deliveryWorkerCount; index += 1) forkDeliveryWorker();
  cluster.on("exit", (worker, code) => {
    if (stopping) return;
    // A crashed worker is replaced; the others keep going meanwhile (a delivery worker's jobs return to the queue).
    const wasDelivering = delivering.delete(worker.id);
    console.error(`${wasDelivering ? "delivery" : "web"} worker ${worker.process.pid} exited (${code}); starting a new one`);
    if (wasDelivering) forkDeliveryWorker();
    else cluster.fork(workerEnv);
  });

  let readyWorkers = 0;
  cluster.on("message", (_worker, message: unknown) => {
    if (message === "ready" && ++readyWorkers === workerCount) {
      const serving = `http://localhost:${config.PORT} (${workerCount} worker${workerCount > 1 ? "s" : ""})`;
      // Never "ready" while the mail storage it was asked to run is down: say what is wrong instead.
      const storage = readMailStorage(config);
      if (dovecot && storage.status === "offline") {
        console.error(`serving on ${serving}, but NOT READY: ${storage.reason}`);
      } else console.log(`ready on ${serving}`);
    }
  });

  const stop = async (reason: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${reason}: finishing requests and jobs in flight, then stopping`);
    const exits = Object.values(cluster.workers ?? {}).map(
      (worker) =>
        new Promise<void>((resolve) => {
          if (worker!.isDead()) return resolve();
          worker!.once("exit", () => resolve());
          worker!.kill("SIGTERM");
        }),
    );
    const workersStopped = Promise.race([Promise.all(exits), new Promise((resolve) => setTimeout(resolve, WEB_DRAIN_MS + 5_000))]);
    // Web workers, SMTP sessions and the job worker wind down together; the database they use closes last.
    await Promise.all([
      workersStopped,
      mailListeners.stop().catch((error: Error) => console.error(`mail listeners: ${error.message}`)),
      stopJobs(JOBS_STOP_MS).catch((error: Error) => console.error(`job worker: ${error.message}`)),
    ]);
    await Promise.all([
      mailStore.stop().catch((error: Error) => console.error(`dovecot: ${error.message}`)),
      postfix.stop().catch((error: Error) => console.error(`postfix: ${error.message}`)),
      spamFilter.stop().catch((error: Error) => console.error(`rspamd: ${error.message}`)),
    ]);
    await embedded?.stop().catch(() => {});
    releaseLock();
    console.log("stopped");
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
  // npm or tsx killed without passing a signal on: stop as if told to.
  watchParentProcess((parent) => void stop(`parent process ${parent} exited`));
}

async function runWorker() {
  const config = loadConfig();
  const server = await startWebServer(config, { dev: isDev });
  process.send?.("ready");
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await drainWebServer(server, WEB_DRAIN_MS);
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop());
  process.on("SIGINT", () => {}); // the primary decides when workers stop
}

/** A cluster worker that delivers messages: stops fetching on SIGTERM and lets the deliveries in flight finish. */
async function runDeliveryWorker() {
  const config = loadConfig();
  const stopDelivery = await startDeliveryWorker(config.DATABASE_URL!);
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

(cluster.isPrimary ? runPrimary() : process.env[DELIVERY_ROLE] ? runDeliveryWorker() : runWorker()).catch((error) => {
  console.error(error);
  process.exit(1);
});
