// `npm run bench:statements`: how many SQL statements (each one round trip to
// the database) accepting one message costs, through POST /sending/messages
// and through SMTP submission. Counted by PostgreSQL itself: the benchmark's
// own database is set to log every statement (`ALTER DATABASE … SET
// log_statement`, nothing changed on the server), and the lines of the
// server's log for that database are read back. The job worker is off, so
// only the accept path talks to the database. Needs a local PostgreSQL whose
// log file is readable (POSTGRES_LOG, default Debian's).
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:statements
import { existsSync, readFileSync, statSync } from "node:fs";
import pg from "pg";
import { createTestDatabase } from "../tests/support/test-database";
import { startTestServer } from "../tests/support/test-server";
import { freeLoopbackPort } from "../server/engines/free-port";
import { html, message, post, prepareAccount } from "./send-app";
import { submissionRate } from "./submission-rate";

const logFile = process.env.POSTGRES_LOG ?? "/var/log/postgresql/postgresql-15-main.log";
const perPath = 20;

/** Statements logged for `database` since byte `from`, grouped by their first words. */
function statementsSince(from: number, database: string) {
  const text = readFileSync(logFile).subarray(from).toString("utf8");
  // One entry per log line with a time stamp; a statement's further lines follow it.
  const lines = text
    .split(/\n(?=\d{4}-\d\d-\d\d )/)
    .filter((line) => line.includes(`@${database} `) && /LOG: {2}(statement|execute [^:]*):/.test(line));
  const kinds = new Map<string, number>();
  for (const line of lines) {
    const statement = line
      .replace(/^.*LOG: {2}(statement|execute [^:]*): /, "")
      .replace(/\s+/g, " ")
      .trim();
    const kind = statement.slice(0, 70);
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  return { total: lines.length, kinds: [...kinds].sort((a, b) => b[1] - a[1]) };
}

async function measure(database: string, label: string, work: () => Promise<void>) {
  // Let the previous step's statements reach the log first.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const from = statSync(logFile).size;
  await work();
  await new Promise((resolve) => setTimeout(resolve, 500));
  const { total, kinds } = statementsSince(from, database);
  console.log(`\n${label}: ${(total / perPath).toFixed(1)} statements per accepted message (${total} for ${perPath})`);
  for (const [kind, count] of kinds) console.log(`  ${(count / perPath).toFixed(2).padStart(5)}  ${kind}`);
}

async function main() {
  if (!existsSync(logFile)) throw new Error(`No PostgreSQL log at ${logFile} (set POSTGRES_LOG)`);
  const database = await createTestDatabase(process.env.DATABASE_URL!, "bench_statements");
  const name = new URL(database.url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  await admin.query(`alter database "${name}" set log_statement = 'all'`);
  await admin.end();
  const submissionPort = await freeLoopbackPort();
  const server = await startTestServer({
    label: "bench-statements",
    databaseUrl: database.url,
    env: {
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
  } finally {
    await server.stop();
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
