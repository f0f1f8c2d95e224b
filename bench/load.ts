// `npm run bench:load`: many concurrent clients, mixed reads and writes across
// several accounts, against the built server on PostgreSQL. Counts unexpected
// answers and reports p50/p99. With --restart-postgres, restarts the
// PostgreSQL cluster that DATABASE_URL points at half-way through and checks:
// only 503 envelopes while it is away, full service within 5 s of its return,
// and every write acknowledged with a 2xx is there afterwards (read back).
// Writes bench/results/load.{json,md}; exit 1 when a check fails.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:load -- [--restart-postgres]
//     [--seconds 60] [--clients 200] [--accounts 20] [--workers 2]
//
// The restart hits every database of that cluster: on a shared machine, point
// DATABASE_URL at a cluster of your own (pg_createcluster).
import { execFile, execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import { promisify } from "node:util";
import { createTestDatabase } from "../tests/support/test-database";
import { startTestServer } from "../tests/support/test-server";
import { type Account, api, type Outcome, recordedUserAgents, runClient, type Write } from "./load-client";

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
}
const seconds = option("seconds", 60);
const clientCount = option("clients", 200);
const accountCount = option("accounts", 20);
const workers = option("workers", 2);
const restartPostgres = process.argv.includes("--restart-postgres");
const recoveryLimitMs = 5_000;

/** The pg_ctlcluster name of the cluster listening on the URL's port (`15 main`). */
function clusterFor(databaseUrl: string): [string, string] {
  const port = new URL(databaseUrl).port || "5432";
  const line = execFileSync("pg_lsclusters", ["--no-header"], { encoding: "utf8" })
    .split("\n")
    .map((row) => row.trim().split(/\s+/))
    .find((columns) => columns[2] === port);
  if (!line) throw new Error(`no local PostgreSQL cluster listens on port ${port} (pg_lsclusters)`);
  return [line[0]!, line[1]!];
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function main() {
  const baseDatabaseUrl = process.env.DATABASE_URL;
  if (!baseDatabaseUrl) throw new Error("bench:load needs PostgreSQL: set DATABASE_URL (a throwaway database is created on that server)");
  const cluster = restartPostgres ? clusterFor(baseDatabaseUrl) : undefined;
  const database = await createTestDatabase(baseDatabaseUrl, "load");
  const server = await startTestServer({
    label: "load",
    databaseUrl: database.url,
    env: {
      WEB_CONCURRENCY: String(workers),
      LOG_LEVEL: "warn",
      // Every client comes from loopback and each account has ~10 of them: lift the limits, keep their database work.
      RATE_LIMIT_OVERRIDES: "api=100000000/60,register=100000/3600",
    },
  });

  const outcomes: Outcome[] = [];
  const writes: Write[] = [];
  let restart: { started: number; finished: number } | undefined;
  let readBack: { acknowledged: number; missing: number; unacknowledgedButStored: number } | undefined;
  try {
    const accounts: Account[] = [];
    for (let index = 0; index < accountCount; index += 1) {
      const email = `load.${Date.now().toString(36)}.${index}@example.test`;
      const answer = await api(server.baseUrl, "/auth/register", {
        method: "POST",
        body: { email, password: `Load-Harbor-${index}-${Date.now()}` },
      });
      if (answer.status !== 201) throw new Error(`registration failed: ${answer.status} ${JSON.stringify(answer.body)}`);
      accounts.push({ index, email, accessToken: (answer.body!.data as { accessToken: string }).accessToken });
    }

    const startedAt = Date.now();
    const deadline = startedAt + seconds * 1000;
    const clients = Array.from({ length: clientCount }, (_, id) =>
      runClient(server.baseUrl, id, accounts[id % accounts.length]!, deadline, outcomes, writes),
    );
    if (cluster) {
      await new Promise((resolve) => setTimeout(resolve, (seconds * 1000) / 2));
      const started = Date.now();
      console.log(`restarting PostgreSQL ${cluster.join(" ")} at +${((started - startedAt) / 1000).toFixed(1)} s`);
      // Asynchronously: the clients run in this process and must keep sending while PostgreSQL is away.
      await promisify(execFile)("pg_ctlcluster", ["--skip-systemctl-redirect", cluster[0], cluster[1], "restart"]);
      restart = { started, finished: Date.now() };
      console.log(`PostgreSQL back after ${((restart.finished - restart.started) / 1000).toFixed(1)} s`);
    }
    await Promise.all(clients);

    // Read back: every acknowledged write must have left its activity event.
    const stored = await Promise.all(accounts.map((account) => recordedUserAgents(server.baseUrl, account)));
    const acknowledged = writes.filter((write) => write.acknowledged);
    readBack = {
      acknowledged: acknowledged.length,
      missing: acknowledged.filter((write) => !stored[write.account]!.has(write.userAgent)).length,
      unacknowledgedButStored: writes.filter((write) => !write.acknowledged && stored[write.account]!.has(write.userAgent)).length,
    };
  } finally {
    await server.stop();
    await database.drop();
  }

  // During the outage (restart begun → back + the recovery allowance) a 503 envelope is expected; anything else never is.
  const inOutage = (outcome: Outcome) => !!restart && outcome.at >= restart.started && outcome.at <= restart.finished + recoveryLimitMs;
  const isServiceUnavailable = (outcome: Outcome) => outcome.status === 503 && outcome.code === "service_unavailable";
  const unexpected = outcomes.filter(
    (outcome) => !(outcome.status >= 200 && outcome.status < 300) && !(isServiceUnavailable(outcome) && inOutage(outcome)),
  );
  const unexpectedByKind = new Map<string, number>();
  for (const outcome of unexpected) {
    const key = `${outcome.label} → ${outcome.status} ${outcome.code ?? ""}`.trim();
    unexpectedByKind.set(key, (unexpectedByKind.get(key) ?? 0) + 1);
  }
  const unavailable = outcomes.filter(isServiceUnavailable);
  const lastFailure = Math.max(
    0,
    ...outcomes.filter((outcome) => outcome.status < 200 || outcome.status >= 300).map((outcome) => outcome.at),
  );
  const recoveryMs = restart ? Math.max(0, lastFailure - restart.finished) : undefined;
  const latencies = (kind?: Outcome["kind"]) =>
    outcomes
      .filter((outcome) => (!kind || outcome.kind === kind) && !inOutage(outcome))
      .map((outcome) => outcome.ms)
      .sort((a, b) => a - b);
  const all = latencies();
  const checks = {
    noUnexpectedAnswers: unexpected.length === 0,
    ...(restart ? { recoveredWithin5s: (recoveryMs ?? Infinity) <= recoveryLimitMs } : {}),
    everyAcknowledgedWriteStored: readBack?.missing === 0,
  };

  const environment = `${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(" ")} at the end`;
  const lines = [
    `Load ${new Date().toISOString()} — ${clientCount} clients, ${accountCount} accounts, ${seconds} s, ${workers} web workers, PostgreSQL; ${environment}`,
    "",
    "| measure | value |",
    "|---|---:|",
    `| requests | ${outcomes.length} (${Math.round(outcomes.length / seconds)}/s) |`,
    `| writes sent / acknowledged 2xx | ${writes.length} / ${readBack?.acknowledged ?? "?"} |`,
    `| latency p50 / p99, all (outside the outage) | ${percentile(all, 50)} / ${percentile(all, 99)} ms |`,
    `| latency p50 / p99, reads | ${percentile(latencies("read"), 50)} / ${percentile(latencies("read"), 99)} ms |`,
    `| latency p50 / p99, writes | ${percentile(latencies("write"), 50)} / ${percentile(latencies("write"), 99)} ms |`,
    `| unexpected answers | ${unexpected.length} |`,
    ...(restart
      ? [
          `| PostgreSQL restart took | ${((restart.finished - restart.started) / 1000).toFixed(1)} s |`,
          `| 503 service_unavailable envelopes during the outage | ${unavailable.length} |`,
          `| last failed answer after PostgreSQL was back | ${((recoveryMs ?? 0) / 1000).toFixed(1)} s (limit ${recoveryLimitMs / 1000} s) |`,
        ]
      : []),
    `| acknowledged writes missing on read-back | ${readBack?.missing ?? "?"} |`,
    `| unacknowledged writes that were stored anyway | ${readBack?.unacknowledgedButStored ?? "?"} |`,
    "",
    ...Object.entries(checks).map(([name, passed]) => `- ${passed ? "PASS" : "FAIL"} ${name}`),
    ...[...unexpectedByKind]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 20)
      .map(([key, count]) => `- unexpected: ${key} × ${count}`),
  ];
  const table = lines.join("\n");
  mkdirSync("bench/results", { recursive: true });
  writeFileSync(
    "bench/results/load.json",
    JSON.stringify(
      {
        date: new Date().toISOString(),
        seconds,
        clientCount,
        accountCount,
        workers,
        restart,
        recoveryMs,
        readBack,
        checks,
        unexpected: Object.fromEntries(unexpectedByKind),
        requests: outcomes.length,
      },
      null,
      2,
    ),
  );
  writeFileSync("bench/results/load.md", `${table}\n`);
  console.log(table);
  if (Object.values(checks).includes(false)) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
