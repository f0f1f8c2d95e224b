// `npm run bench:statements`: how many SQL statements (each one round trip to
// the database) accepting one message costs, through POST /sending/messages
// and through SMTP submission, and then accepting and delivering one to an SMTP
// sink (a second server, with the job worker on). Counted by PostgreSQL itself: the benchmark's
// own database is set to log every statement with its duration (`ALTER
// DATABASE … SET log_min_duration_statement = 0`, nothing changed on the
// server), and the lines of the server's log for that database are read back:
// statements and server milliseconds per message, by kind. For the accept counts the job
// worker is off, so only the accept path talks to the database. Needs a local PostgreSQL whose
// log file is readable (POSTGRES_LOG, default Debian's).
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:statements
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import pg from "pg";
import { createTestDatabase } from "../tests/support/test-database";
import { startTestServer } from "../tests/support/test-server";
import { freeLoopbackPort } from "../server/engines/free-port";
import { drain, html, message, post, prepareAccount } from "./send-app";
import { listen, waitForSink } from "./send-sink";
import { submissionRate } from "./submission-rate";

const logFile = process.env.POSTGRES_LOG ?? "/var/log/postgresql/postgresql-15-main.log";
const perPath = 20;

/**
 * Statements logged for `database` since byte `from`, grouped by their first words, with the milliseconds the
 * server spent on each kind (parse, bind and execute, as it logged them).
 */
function statementsSince(from: number, database: string) {
  const text = readFileSync(logFile).subarray(from).toString("utf8");
  // One entry per log line with a time stamp; a statement's further lines follow it.
  const entries = text
    .split(/\n(?=\d{4}-\d\d-\d\d )/)
    .filter((line) => line.includes(`@${database} `))
    .map((line) => / LOG: {2}duration: ([\d.]+) ms {2}(statement|execute [^:]*|parse [^:]*|bind [^:]*): ([\s\S]*)$/.exec(line))
    .filter((match) => match !== null);
  const kinds = new Map<string, { count: number; ms: number }>();
  let total = 0;
  for (const [, ms, step, statement] of entries) {
    const kind = statement!.replace(/\s+/g, " ").trim().slice(0, 70);
    const entry = kinds.get(kind) ?? { count: 0, ms: 0 };
    entry.ms += Number(ms);
    // Each statement is executed once; its parse and bind (extended protocol) add only time.
    if (/^(statement|execute)/.test(step!)) {
      entry.count += 1;
      total += 1;
    }
    kinds.set(kind, entry);
  }
  return { total, kinds: [...kinds].sort((a, b) => b[1].count - a[1].count || b[1].ms - a[1].ms) };
}

async function measure(database: string, label: string, work: () => Promise<void>, unit = "accepted message") {
  // Let the previous step's statements reach the log first.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const from = statSync(logFile).size;
  await work();
  await new Promise((resolve) => setTimeout(resolve, 500));
  const { total, kinds } = statementsSince(from, database);
  console.log(`\n${label}: ${(total / perPath).toFixed(1)} statements per ${unit} (${total} for ${perPath})`);
  const perUnit = (value: number, digits: number) => (value / perPath).toFixed(digits).padStart(5);
  console.log("  per message: statements, server ms");
  for (const [kind, { count, ms }] of kinds) console.log(`  ${perUnit(count, 2)}  ${perUnit(ms, 3)}  ${kind}`);
}

async function main() {
  if (!existsSync(logFile)) throw new Error(`No PostgreSQL log at ${logFile} (set POSTGRES_LOG)`);
  const database = await createTestDatabase(process.env.DATABASE_URL!, "bench_statements");
  const name = new URL(database.url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  await admin.query(`alter database "${name}" set log_min_duration_statement = 0`);
  await admin.end();
  const submissionPort = await freeLoopbackPort();
  // The delivering server must open the DKIM keys the first one sealed.
  const secrets = { AUTH_SECRET: randomBytes(32).toString("hex"), ENCRYPTION_KEY: randomBytes(32).toString("hex") };
  const server = await startTestServer({
    label: "bench-statements",
    databaseUrl: database.url,
    env: {
      ...secrets,
      RUN_JOBS: "false",
      RATE_LIMIT_OVERRIDES: "api=100000000/1,smtpMessagesPerCredential=100000000/1",
      LOG_LEVEL: "warn",
      SUBMISSION_PORT: String(submissionPort),
    },
  });
  try {
    const { key } = await prepareAccount(server, database.url);
    // Warm up both doors (first-use work such as preparing statements is not per message).
    await post(server.baseUrl, "/sending/messages", key, message(0, "warm"));
    const submission = { port: submissionPort, dataDir: server.dataDir, key, from: message(0, "smtp").from, html };
    await submissionRate(submission, 1, 2);
    await measure(name, "POST /sending/messages, one at a time", async () => {
      for (let index = 0; index < perPath; index++) await post(server.baseUrl, "/sending/messages", key, message(index, "count"));
    });
    await measure(name, "SMTP submission, one pooled connection", async () => {
      await submissionRate(submission, 1, perPath);
    });
    await server.stop();
    const sinkPort = await listen();
    const delivering = await startTestServer({
      label: "bench-statements-delivery",
      databaseUrl: database.url,
      env: {
        ...secrets,
        RUN_JOBS: "true",
        DELIVERY_WORKERS: "1",
        EMAIL_TRANSPORT: "smtp",
        SMTP_URL: `smtp://127.0.0.1:${sinkPort}`,
        RATE_LIMIT_OVERRIDES: "api=100000000/1",
        LOG_LEVEL: "warn",
      },
    });
    try {
      // What the accept phases queued is delivered first; then each send is followed to the sink.
      await drain(database.url);
      await post(delivering.baseUrl, "/sending/messages", key, message(0, "warm-delivery"));
      await drain(database.url);
      await measure(
        name,
        "POST /sending/messages and its delivery, one at a time (the job worker's idle polling included)",
        async () => {
          for (let index = 0; index < perPath; index++) {
            const { id } = await post(delivering.baseUrl, "/sending/messages", key, message(index, "deliver"));
            await waitForSink(new Set([id!]), 30_000);
          }
          await drain(database.url);
        },
        "delivered message",
      );
    } finally {
      await delivering.stop();
    }
  } finally {
    await server.stop();
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
