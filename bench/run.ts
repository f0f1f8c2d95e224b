// `npm run bench`: autocannon against the real built server, with baselines
// measured in the same run. Writes bench/results/latest.{json,md}.
// Run `npm run build` first. BENCH_SECONDS (default 10) per scenario.
import { fork } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { startTestServer } from "../tests/support/test-server";

type Row = { scenario: string; requestsPerSecond: number; p50: number; p99: number; errors: number; non2xx: number };

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

async function measure(scenario: string, url: string, options: Partial<autocannon.Options> = {}): Promise<Row> {
  // A short warm-up so JIT and connection pools are hot before we count.
  await autocannon({ url, connections, duration: 2, ...options });
  const result = await autocannon({ url, connections, duration: seconds, ...options });
  return {
    scenario,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function startBareServer(): Promise<{ url: string; stop: () => void }> {
  const child = fork(path.join(import.meta.dirname, "bare-server.ts"), { execArgv: ["--import", "tsx"] });
  const port = await new Promise<number>((resolve) => child.once("message", (message: { port: number }) => resolve(message.port)));
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill() };
}

async function main() {
  const rows: Row[] = [];
  const bare = await startBareServer();
  rows.push(await measure("baseline: bare node:http envelope", bare.url));
  bare.stop();

  const app = await startTestServer({ label: "bench", databaseUrl: process.env.DATABASE_URL, env: { LOG_LEVEL: "warn" } });
  try {
    rows.push(await measure("GET /api/v1/health", `${app.baseUrl}/api/v1/health`));
    rows.push(await measure("GET /api/v1/health/ready (1 query)", `${app.baseUrl}/api/v1/health/ready`));
  } finally {
    await app.stop();
  }

  const baseline = rows[0]!.requestsPerSecond;
  const health = rows[1]!.requestsPerSecond;
  const table = [
    `Benchmark ${new Date().toISOString()} — ${connections} connections, ${seconds} s each, database: ${process.env.DATABASE_URL ? "PostgreSQL" : "embedded PGlite"}`,
    "",
    "| scenario | req/s | p50 ms | p99 ms | errors | non-2xx | ÷ bare | ÷ health |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map(
      (row) =>
        `| ${row.scenario} | ${row.requestsPerSecond} | ${row.p50} | ${row.p99} | ${row.errors} | ${row.non2xx} | ${(row.requestsPerSecond / baseline).toFixed(3)} | ${(row.requestsPerSecond / health).toFixed(3)} |`,
    ),
  ].join("\n");
  mkdirSync("bench/results", { recursive: true });
  writeFileSync("bench/results/latest.json", JSON.stringify({ date: new Date().toISOString(), seconds, connections, rows }, null, 2));
  writeFileSync("bench/results/latest.md", `${table}\n`);
  console.log(table);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
