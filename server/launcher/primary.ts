// The launcher's primary process (`npm start`; docs/architecture.md, "The
// launcher's processes"). It validates the configuration, takes the instance
// lock, checks every port, provides the embedded database when DATABASE_URL is
// absent, applies migrations, then starts, in this order: Postfix, the job
// worker, Dovecot, rspamd, the mail listeners and the development DNS; then it
// forks stateless web workers (node:cluster shares the port) that only ever see
// a DATABASE_URL, and delivery workers (DELIVERY_WORKERS) that deliver queued
// messages while its own job worker does the rest.
//
// Stopping (SIGTERM or SIGINT, from a terminal or any process manager): web
// workers finish the requests in flight, the job worker lets running jobs
// finish, then Dovecot, Postfix (its queue stays on disk) and rspamd stop, and
// the embedded database closes (docs/stopping.md; the times: processes.ts).
import cluster from "node:cluster";
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { EnvError, type Env, useEmbeddedDatabase, usePostfixHandOff } from "@/server/config/env";
import { type EmbeddedPostgres, startEmbeddedPostgres } from "@/server/db/embedded";
import { markDatabaseEnvironment } from "@/server/db/environment-marker";
import { runMigrations } from "@/server/db/migrate";
import { missingDovecotPackages } from "@/server/mail-store/dovecot/dovecot-packages";
import { readMailStorage } from "@/server/mail-store/dovecot/mail-store-status";
import { acquireInstanceLock, InstanceLockedError } from "@/server/runtime/acquire-instance-lock";
import { watchParentProcess } from "@/server/runtime/watch-parent-process";
import { mailLoginLimits } from "@/server/services/rate-limit/count-mail-login";
import { portProblems } from "./check-listen-ports";
import { DELIVERY_ROLE, JOBS_STOP_MS, WEB_DRAIN_MS } from "./processes";
import { servicePorts } from "./service-ports";
import { startDevDns } from "./start-dev-dns";
import { missingReturnPathSpf } from "@/server/services/domains/service-records";
import { type StopJobs, startJobs } from "./start-jobs";
import { type MailListeners, startMailListeners } from "./start-mail-listeners";
import { type MailStore, startMailStore } from "./start-mail-store";
import { type OutboundMta, startPostfix } from "./start-postfix";
import { type SpamFilter, startRspamd } from "./start-rspamd";

/** How many of each worker it forks: one web worker and no delivery workers under `npm run dev`. */
type Workers = { web: number; delivery: number };

/** What the primary started, in the order it stops them (docs/stopping.md). */
type Started = {
  embedded: EmbeddedPostgres | undefined;
  databaseUrl: string;
  postfix: OutboundMta;
  stopJobs: StopJobs;
  mailStore: MailStore;
  spamFilter: SpamFilter;
  mailListeners: MailListeners;
};

export async function runPrimary(config: Env, { dev }: { dev: boolean }): Promise<void> {
  const { releaseLock, dovecot } = await refuseOrLock(config, { dev });
  const workers: Workers = {
    web: dev ? 1 : config.WEB_CONCURRENCY,
    delivery: config.RUN_JOBS && !dev ? config.DELIVERY_WORKERS : 0,
  };
  const { embedded, databaseUrl } = await provideDatabase(config, workers);
  const started: Started = { embedded, databaseUrl, ...(await startServices(config, databaseUrl, workers)) };
  const state = { stopping: false };
  forkWorkers(config, workers, started, state, dovecot);
  const stop = async (reason: string) => {
    if (state.stopping) return;
    state.stopping = true;
    await stopAll(started, reason);
    releaseLock();
    console.log("stopped");
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
  // npm or tsx killed without passing a signal on: stop as if told to.
  watchParentProcess((parent) => void stop(`parent process ${parent} exited`));
}

/**
 * The refusals, before anything starts: another launcher on this DATA_DIR, no production build, a port taken.
 * Returns the instance lock's release and whether Dovecot will run.
 */
async function refuseOrLock(config: Env, { dev }: { dev: boolean }): Promise<{ releaseLock: () => void; dovecot: boolean }> {
  let releaseLock: () => void;
  try {
    releaseLock = acquireInstanceLock(config.dataDir);
  } catch (error) {
    if (!(error instanceof InstanceLockedError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  process.on("exit", () => releaseLock());
  if (!dev && !existsSync(path.join(process.cwd(), ".next", "BUILD_ID"))) {
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
  return { releaseLock, dovecot };
}

/** DATABASE_URL's database, or the embedded one when it is absent; migrated, and marked when in production. */
async function provideDatabase(config: Env, workers: Workers): Promise<{ embedded: EmbeddedPostgres | undefined; databaseUrl: string }> {
  let embedded: EmbeddedPostgres | undefined;
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      // Worker and delivery-worker pools, the job worker, migrations, Dovecot's auth and dict processes, and room for local tools (psql, the test suite).
      maxConnections:
        config.DATABASE_POOL_MAX * (workers.web + workers.delivery) +
        4 * workers.delivery +
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
  return { embedded, databaseUrl };
}

/** Postfix, the job worker, Dovecot, rspamd, the mail listeners and the development DNS, in this order, each saying how it runs. */
async function startServices(config: Env, databaseUrl: string, workers: Workers): Promise<Omit<Started, "embedded" | "databaseUrl">> {
  // Before the job worker: messages it delivers hand off to it (docs/delivery.md).
  const postfix = await startPostfix(config).catch((error: Error) => {
    if (!(error instanceof EnvError)) throw error;
    console.error(error.message);
    return process.exit(1);
  });
  console.log(postfix.description);
  if (postfix.handOffSocket) usePostfixHandOff(postfix.handOffSocket);
  const stopJobs = await startJobs(databaseUrl, { work: config.RUN_JOBS, deliver: workers.delivery === 0 });
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
  // In production the operator publishes the service's own records; a missing SPF at the return path fails every message's SPF.
  if (config.isProduction) void missingReturnPathSpf().then((warning) => warning && console.warn(`warning: ${warning}`));
  return { postfix, stopJobs, mailStore, spamFilter, mailListeners };
}

/**
 * Forks the web and delivery workers, replaces one that exits (until `state.stopping`), and says "ready" once every
 * web worker serves: never while the mail storage it was asked to run (`dovecot`) is down.
 */
function forkWorkers(config: Env, workers: Workers, started: Started, state: { stopping: boolean }, dovecot: boolean): void {
  const { databaseUrl, embedded, mailStore, postfix } = started;
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
  for (let index = 0; index < workers.web; index += 1) cluster.fork(workerEnv);
  for (let index = 0; index < workers.delivery; index += 1) forkDeliveryWorker();
  cluster.on("exit", (worker, code) => {
    if (state.stopping) return;
    // A crashed worker is replaced; the others keep going meanwhile (a delivery worker's jobs return to the queue).
    const wasDelivering = delivering.delete(worker.id);
    console.error(`${wasDelivering ? "delivery" : "web"} worker ${worker.process.pid} exited (${code}); starting a new one`);
    if (wasDelivering) forkDeliveryWorker();
    else cluster.fork(workerEnv);
  });

  let readyWorkers = 0;
  cluster.on("message", (_worker, message: unknown) => {
    if (message === "ready" && ++readyWorkers === workers.web) {
      const serving = `http://localhost:${config.PORT} (${workers.web} worker${workers.web > 1 ? "s" : ""})`;
      // Never "ready" while the mail storage it was asked to run is down: say what is wrong instead.
      const storage = readMailStorage(config);
      if (dovecot && storage.status === "offline") {
        console.error(`serving on ${serving}, but NOT READY: ${storage.reason}`);
      } else console.log(`ready on ${serving}`);
    }
  });
}

/** Web workers, SMTP sessions and the job worker wind down together; then the engines; the database they use closes last. */
async function stopAll(started: Started, reason: string): Promise<void> {
  const { mailListeners, stopJobs, mailStore, postfix, spamFilter, embedded } = started;
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
}
