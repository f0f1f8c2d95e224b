// `npm run bench`: autocannon against the real built server, with baselines
// measured in the same run. Writes bench/results/latest.{json,md}.
// Run `npm run build` first. BENCH_SECONDS (default 10) per scenario.
import { fork } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { hash, verify } from "@node-rs/argon2";
import autocannon from "autocannon";
import { argon2Options } from "../server/security/password";
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

type LoginCost = { samples: number; loginMs: number; argon2Ms: number };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function registerBenchAccount(baseUrl: string) {
  const email = `bench.${Date.now()}@example.test`;
  const password = "bench-password-correct-horse";
  const response = await fetch(`${baseUrl}/api/v1/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { data: { accessToken: string } };
  if (response.status !== 201) throw new Error(`bench registration failed: ${JSON.stringify(body)}`);
  return { email, password, accessToken: body.data.accessToken };
}

/** Median latency of sequential logins against the median of raw argon2id verifies, same parameters. */
async function measureLoginCost(baseUrl: string, account: { email: string; password: string }, samples = 40): Promise<LoginCost> {
  const loginTimes: number[] = [];
  for (let index = 0; index < samples; index += 1) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/v1/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`bench login failed with ${response.status}`);
    loginTimes.push(performance.now() - started);
  }
  const reference = await hash(account.password, argon2Options);
  const verifyTimes: number[] = [];
  for (let index = 0; index < samples; index += 1) {
    const started = performance.now();
    await verify(reference, account.password);
    verifyTimes.push(performance.now() - started);
  }
  return { samples, loginMs: median(loginTimes), argon2Ms: median(verifyTimes) };
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

  // The limiter still does its database write per request; only its ceiling is lifted so it never refuses.
  const app = await startTestServer({
    label: "bench",
    databaseUrl: process.env.DATABASE_URL,
    env: { LOG_LEVEL: "warn", RATE_LIMIT_OVERRIDES: "api=100000000/60" },
  });
  let login: LoginCost;
  try {
    rows.push(await measure("GET /api/v1/health", `${app.baseUrl}/api/v1/health`));
    rows.push(await measure("GET /api/v1/health/ready (1 query)", `${app.baseUrl}/api/v1/health/ready`));
    const account = await registerBenchAccount(app.baseUrl);
    const bearer = { headers: { authorization: `Bearer ${account.accessToken}` } };
    rows.push(await measure("GET /api/v1/auth/me", `${app.baseUrl}/api/v1/auth/me`, bearer));
    rows.push(await measure("GET /api/v1/auth/sessions", `${app.baseUrl}/api/v1/auth/sessions`, bearer));
    login = await measureLoginCost(app.baseUrl, account);
  } finally {
    await app.stop();
  }

  const baseline = rows[0]!.requestsPerSecond;
  const health = rows[1]!.requestsPerSecond;
  const loginLines = [
    "",
    `Login cost (${login.samples} sequential sign-ins vs ${login.samples} raw argon2id verifies, m=19456 t=2 p=1, median):`,
    `POST /api/v1/auth/login ${login.loginMs.toFixed(1)} ms; argon2id verify ${login.argon2Ms.toFixed(1)} ms; ratio ${(login.loginMs / login.argon2Ms).toFixed(2)}×`,
  ];
  const table = [
    `Benchmark ${new Date().toISOString()} — ${connections} connections, ${seconds} s each, database: ${process.env.DATABASE_URL ? "PostgreSQL" : "embedded PGlite"}`,
    "",
    "| scenario | req/s | p50 ms | p99 ms | errors | non-2xx | ÷ bare | ÷ health |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map(
      (row) =>
        `| ${row.scenario} | ${row.requestsPerSecond} | ${row.p50} | ${row.p99} | ${row.errors} | ${row.non2xx} | ${(row.requestsPerSecond / baseline).toFixed(3)} | ${(row.requestsPerSecond / health).toFixed(3)} |`,
    ),
    ...loginLines,
  ].join("\n");
  mkdirSync("bench/results", { recursive: true });
  writeFileSync("bench/results/latest.json", JSON.stringify({ date: new Date().toISOString(), seconds, connections, rows, login }, null, 2));
  writeFileSync("bench/results/latest.md", `${table}\n`);
  console.log(table);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
