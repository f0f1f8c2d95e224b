// `npm run bench`: autocannon against the real built server, with baselines
// measured in the same run (a bare node:http server answering the same
// envelope; the constant health route). Writes bench/results/latest.{json,md}.
// Run `npm run build` first.
//
// - Every route in `routes` below is measured; one that answers 404 (its area
//   is not built yet) is skipped with a note, so the list can name routes
//   before they exist.
// - Worker scaling: the server runs once per WEB_CONCURRENCY in BENCH_WORKERS
//   (default "1,2"); the scaling routes are measured under each, the full list
//   under the largest.
// - Health is measured first and again last; the better run is the baseline,
//   so neither a cold start nor a quiet spell flatters the other ratios.
// - CPU per request: the app's processes and its database backends, read from
//   /proc around each scenario (bench/cpu-time.ts). On a machine shared with
//   other work, its ratio to health's is steadier than the req/s ratio.
// - Login cost against one argon2id verify, with the fixed costs around it
//   measured in the same run (bench/login-cost.ts).
// - BENCH_SECONDS (default 10) per scenario, BENCH_CONNECTIONS (default 50).
//   DATABASE_URL: measure on that PostgreSQL server (a throwaway database is
//   created and dropped); otherwise the embedded engine, which runs queries
//   one at a time and so cannot show scaling on database routes.
import { fork } from "node:child_process";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { readFileSync } from "node:fs";
import { registerBenchAccount } from "./bench-account";
import { startCpuMeter } from "./cpu-time";
import { describeLoginCost, type LoginCost, measureLoginCost } from "./login-cost";
import { createTestDatabase, type TestDatabase } from "../tests/support/test-database";
import { startTestServer, type TestServer } from "../tests/support/test-server";
import { targetLine } from "./targets";
import { seedMessageStats } from "./seed-stats";
import { joinBenchTeam } from "./team-member";
import { writeResults } from "./write-results";

/** `goal`: this read's own floor as a share of `/auth/me` (default READ_GOAL); `seeded`: read as the account with a month of mail. */
type BenchRoute = { path: string; auth: boolean; note?: string; scaling?: boolean; goal?: number; seeded?: boolean };

/** The API routes measured, all GET. Add a route here; it is skipped with a note until it exists. */
const routes: BenchRoute[] = [
  { path: "/health", auth: false, note: "constant", scaling: true },
  { path: "/health/ready", auth: false, note: "1 query" },
  { path: "/auth/me", auth: true, scaling: true },
  { path: "/auth/sessions", auth: true },
  { path: "/account/activity", auth: true },
  { path: "/dashboard/overview", auth: true },
  { path: "/sending/domains", auth: true },
  { path: "/smtp-relays", auth: true },
  // 30 days by day over the account's 1,000,000 seeded message events (bench/seed-stats.ts), from the rollup.
  { path: "/sending/stats", auth: true, note: "30 days over 1,000,000 events", goal: 0.5, seeded: true },
];

type Row = {
  scenario: string;
  workers?: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** CPU of the app and its database backends per request (bench/cpu-time.ts); not measured for the bare baseline. */
  cpuMsPerRequest?: number;
};
type Skipped = { path: string; reason: string };

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const workerCounts = (process.env.BENCH_WORKERS ?? "1,2")
  .split(",")
  .map(Number)
  .sort((a, b) => a - b);

/** Where a scenario's CPU time is counted: the app's process tree and its database's backends. */
type Meter = { pid: number; databaseUrl?: string };

async function measure(
  scenario: string,
  url: string,
  options: Partial<autocannon.Options> = {},
  workers?: number,
  meter?: Meter,
): Promise<Row> {
  // A short warm-up so JIT and connection pools are hot before we count.
  await autocannon({ url, connections, duration: 2, ...options });
  const cpuSince = meter ? await startCpuMeter(meter.pid, meter.databaseUrl) : undefined;
  const result = await autocannon({ url, connections, duration: seconds, ...options });
  const cpuMs = cpuSince ? await cpuSince() : undefined;
  return {
    scenario,
    workers,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    cpuMsPerRequest: cpuMs === undefined || result.requests.total === 0 ? undefined : cpuMs / result.requests.total,
  };
}

/** The embedded database's URL, which the launcher writes to its data directory. */
const embeddedDatabaseUrl = (dataDir: string) => readFileSync(path.join(dataDir, "embedded-database.url"), "utf8").trim();

async function startBareServer(): Promise<{ url: string; stop: () => void }> {
  const child = fork(path.join(import.meta.dirname, "bare-server.ts"), { execArgv: ["--import", "tsx"] });
  const port = await new Promise<number>((resolve) => child.once("message", (message: { port: number }) => resolve(message.port)));
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill() };
}

function startApp(workers: number, databaseUrl: string | undefined): Promise<TestServer> {
  // The limiter still does its database write per request; only its ceiling is lifted so it never refuses.
  // LOG_LEVEL stays at the production default (info): the request log line is part of the cost.
  return startTestServer({
    label: `bench-${workers}w`,
    databaseUrl,
    env: { WEB_CONCURRENCY: String(workers), LOG_LEVEL: process.env.LOG_LEVEL ?? "info", RATE_LIMIT_OVERRIDES: "api=100000000/60" },
  });
}

/** GET once: a 404 means the route's area is not built yet. */
async function probe(url: string, token: string): Promise<string | undefined> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  await response.arrayBuffer();
  if (response.status === 404) return "not built yet (404)";
  if (response.status !== 200) return `answered ${response.status}`;
  return undefined;
}

const ratio = (value: number, base: number | undefined) => (base ? (value / base).toFixed(3) : "–");

/** The floor of an authenticated read is `/auth/me` (the session and its rate-limit count, one statement): every other read ≥ 0.8 × it, same run, most workers. */
const READ_GOAL = 0.8;

function readTargets(rows: Row[], workers: number): string[] {
  const at = (routePath: string) =>
    rows.find((row) => row.workers === workers && row.scenario.startsWith(`GET /api/v1${routePath}`))?.requestsPerSecond;
  const floor = at("/auth/me");
  return routes
    .filter((route) => route.auth && route.path !== "/auth/me")
    .map((route) => {
      const measured = at(route.path);
      const goal = route.goal ?? READ_GOAL;
      const name = `${route.path.slice(1).replaceAll("/", "-")} ÷ auth-me`;
      if (measured === undefined || !floor) return targetLine(name, "–", `≥ ${goal}`, false);
      return targetLine(name, measured / floor, `≥ ${goal}`, measured / floor >= goal);
    });
}

/** A read measured in one's own account and acting in a team: the team's ≥ 0.9 × the own (the role check adds no round trip). */
const TEAM_READ = "/sending/domains";
const TEAM_READ_SCENARIO = `GET /api/v1${TEAM_READ}`;
const TEAM_GOAL = 0.9;

function teamTarget(rows: Row[], workers: number): string {
  const own = rows.find((row) => row.workers === workers && row.scenario === TEAM_READ_SCENARIO)?.requestsPerSecond;
  const team = rows.find(
    (row) => row.workers === workers && row.scenario === `${TEAM_READ_SCENARIO} (acting in a team)`,
  )?.requestsPerSecond;
  const name = "sending-domains acting in a team ÷ in one's own account";
  if (!own || !team) return targetLine(name, "–", `≥ ${TEAM_GOAL}`, false);
  return targetLine(name, team / own, `≥ ${TEAM_GOAL}`, team / own >= TEAM_GOAL);
}

async function main() {
  const rows: Row[] = [];
  const skipped: Skipped[] = [];
  let login: LoginCost | undefined;

  const bare = await startBareServer();
  rows.push(await measure("baseline: bare node:http envelope (1 process)", bare.url));
  bare.stop();

  let database: TestDatabase | undefined;
  if (process.env.DATABASE_URL) database = await createTestDatabase(process.env.DATABASE_URL, "bench");
  const maxWorkers = workerCounts[workerCounts.length - 1]!;
  try {
    for (const workers of workerCounts) {
      const app = await startApp(workers, database?.url);
      try {
        const account = await registerBenchAccount(app.baseUrl);
        const bearer = { headers: { authorization: `Bearer ${account.accessToken}` } };
        // A second account with a month of mail, for the routes that read it (seeded: true).
        const seeded = workers === maxWorkers ? await registerBenchAccount(app.baseUrl) : account;
        if (workers === maxWorkers) await seedMessageStats(database?.url ?? embeddedDatabaseUrl(app.dataDir));
        const seededBearer = { headers: { authorization: `Bearer ${seeded.accessToken}` } };
        const measured = workers === maxWorkers ? routes : routes.filter((route) => route.scaling);
        for (const route of measured) {
          const url = `${app.baseUrl}/api/v1${route.path}`;
          const problem = await probe(url, (route.seeded ? seeded : account).accessToken);
          if (problem) {
            if (workers === maxWorkers) skipped.push({ path: route.path, reason: problem });
            continue;
          }
          const name = `GET /api/v1${route.path}${route.note ? ` (${route.note})` : ""}`;
          const headers = route.seeded ? seededBearer : bearer;
          rows.push(await measure(name, url, route.auth ? headers : {}, workers, { pid: app.pid, databaseUrl: database?.url }));
        }
        // The same read acting in a team (a viewer's session): the role comes with the session's own lookup.
        if (workers === maxWorkers) {
          const teamToken = await joinBenchTeam(app.baseUrl, app.dataDir, account);
          rows.push(
            await measure(
              `${TEAM_READ_SCENARIO} (acting in a team)`,
              `${app.baseUrl}/api/v1${TEAM_READ}`,
              { headers: { authorization: `Bearer ${teamToken}` } },
              workers,
              { pid: app.pid, databaseUrl: database?.url },
            ),
          );
        }
        // Health once more at the end: the baseline is the better of its two runs, so a cold
        // first run (or a quiet spell of the machine) never flatters the other routes' ratios.
        if (measured.length > 1) {
          const health = `${app.baseUrl}/api/v1/health`;
          rows.push(
            await measure("GET /api/v1/health (constant, again)", health, {}, workers, { pid: app.pid, databaseUrl: database?.url }),
          );
        }
        if (workers === maxWorkers) login = await measureLoginCost(app.baseUrl, account);
      } finally {
        await app.stop();
      }
    }
  } finally {
    await database?.drop();
  }

  const baseline = rows[0]!.requestsPerSecond;
  const healthRows = (workers: number) =>
    rows.filter((row) => row.workers === workers && row.scenario.startsWith("GET /api/v1/health (constant"));
  const healthAt = (workers: number) => Math.max(0, ...healthRows(workers).map((row) => row.requestsPerSecond)) || undefined;
  // Health's CPU per request over the route's: the throughput ratio a fully busy machine would show, whatever else runs on it.
  const cpuRatio = (row: Row) => {
    const health = row.workers ? Math.min(...healthRows(row.workers).map((candidate) => candidate.cpuMsPerRequest ?? Infinity)) : Infinity;
    return Number.isFinite(health) && row.cpuMsPerRequest ? (health / row.cpuMsPerRequest).toFixed(3) : "–";
  };
  const scalingRows = routes
    .filter((route) => route.scaling)
    .map((route) => {
      const perWorkers = workerCounts.map((workers) =>
        route.path === "/health"
          ? healthAt(workers)
          : rows.find((row) => row.workers === workers && row.scenario.startsWith(`GET /api/v1${route.path}`))?.requestsPerSecond,
      );
      return { path: route.path, perWorkers };
    });

  const environment = `${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), load average ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(" ")} at the end`;
  const targets = [...readTargets(rows, maxWorkers), teamTarget(rows, maxWorkers)];
  const table = [
    `Benchmark ${new Date().toISOString()} — ${connections} connections, ${seconds} s each, database: ${database ? "PostgreSQL" : "embedded PGlite"}; ${environment}`,
    "",
    `| scenario | workers | req/s | p50 ms | p99 ms | errors | non-2xx | ÷ bare | ÷ health (same workers) | CPU ms/request (app + database) | health CPU ÷ this CPU |`,
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map(
      (row) =>
        `| ${row.scenario} | ${row.workers ?? "–"} | ${row.requestsPerSecond} | ${row.p50} | ${row.p99} | ${row.errors} | ${row.non2xx} | ${ratio(row.requestsPerSecond, baseline)} | ${row.workers ? ratio(row.requestsPerSecond, healthAt(row.workers)) : "–"} | ${row.cpuMsPerRequest?.toFixed(3) ?? "–"} | ${cpuRatio(row)} |`,
    ),
    "",
    `Scaling with web workers (req/s; the load generator shares the machine's ${os.cpus().length} cores):`,
    "",
    `| route | ${workerCounts.map((workers) => `${workers} worker${workers > 1 ? "s" : ""}`).join(" | ")} | ${workerCounts.length > 1 ? `${maxWorkers} ÷ ${workerCounts[0]}` : ""} |`,
    `|---|${workerCounts.map(() => "---:").join("|")}|---:|`,
    ...scalingRows.map(
      ({ path: routePath, perWorkers }) =>
        `| GET /api/v1${routePath} | ${perWorkers.map((value) => value ?? "–").join(" | ")} | ${ratio(perWorkers[perWorkers.length - 1] ?? 0, perWorkers[0])} |`,
    ),
    ...(skipped.length > 0 ? ["", "Skipped:", ...skipped.map((entry) => `- GET /api/v1${entry.path}: ${entry.reason}`)] : []),
    ...(login ? ["", ...describeLoginCost(login)] : []),
    "",
    ...targets,
  ].join("\n");
  writeResults(
    "latest",
    {
      date: new Date().toISOString(),
      seconds,
      connections,
      workerCounts,
      environment,
      rows,
      scaling: scalingRows,
      skipped,
      login,
      targets,
    },
    table,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
