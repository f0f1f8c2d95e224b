// bench:webmail: what the webmail API answers in, request by request, on a
// mailbox of BENCH_WEBMAIL_MESSAGES small messages (default 30) delivered
// over LMTP, beside GET /health/ready in the same run: the mailbox's own
// row, folders, the first page of INBOX, one message (in INBOX, and in Trash
// with and without the folder it was listed in), a search.
// BENCH_WEBMAIL_RUNS rounds (default 30) of one request per row, one at a
// time and taking turns; p50, p90 and p99 in milliseconds, and each p50 as a
// multiple of the floor's. The real built server (`npm run build` first)
// with its child Dovecot and the development DNS, which verifies the
// mailbox's domain. DATABASE_URL: a throwaway database on that PostgreSQL
// server; otherwise the embedded one.
import { createTestDatabase, type TestDatabase } from "../tests/support/test-database";
import { startTestServer } from "../tests/support/test-server";
import { registerBenchAccount, signInBenchAccount } from "./bench-account";
import { benchApi, mailboxWithMessages, webmailServerEnv } from "./webmail-mailbox";
import { writeResults } from "./write-results";

const MESSAGES = Number(process.env.BENCH_WEBMAIL_MESSAGES ?? 30);
const RUNS = Number(process.env.BENCH_WEBMAIL_RUNS ?? 30);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

const database: TestDatabase | null = process.env.DATABASE_URL ? await createTestDatabase(process.env.DATABASE_URL, "webmail") : null;
const mailStorage = await webmailServerEnv();
const server = await startTestServer({
  label: "bench-webmail",
  databaseUrl: database?.url,
  env: { ...mailStorage.env, LOG_LEVEL: "warn" },
});
const api = benchApi(server.baseUrl);

type Row = { label: string; request: (run: number) => Promise<{ status: number }> };

/**
 * Every row once per round, in turn, RUNS rounds after a warm-up round: load that comes and goes on the
 * machine falls on the floor and the rows alike, so their ratios hold where the milliseconds do not.
 */
async function timedInRounds(rows: Row[]) {
  for (const row of rows) await row.request(0);
  const latencies = rows.map(() => [] as number[]);
  for (let run = 0; run < RUNS; run += 1) {
    for (const [index, row] of rows.entries()) {
      const started = performance.now();
      const answer = await row.request(run);
      latencies[index]!.push(performance.now() - started);
      if (answer.status !== 200) throw new Error(`${row.label} answered ${answer.status}`);
    }
  }
  return rows.map((row, index) => {
    const sorted = latencies[index]!.sort((a, b) => a - b);
    return { label: row.label, p50: percentile(sorted, 0.5), p90: percentile(sorted, 0.9), p99: percentile(sorted, 0.99) };
  });
}

try {
  const account = await registerBenchAccount(server.baseUrl);
  const mailboxId = await mailboxWithMessages(api, account.accessToken, mailStorage.lmtpPort, MESSAGES);
  // Filling 20,000 messages outlasts the first access token.
  const token = await signInBenchAccount(server.baseUrl, account);
  const base = `/mailboxes/${mailboxId}`;
  const page = await api<{ items: { id: string; uid: number }[] }>(token, "GET", `${base}/messages?limit=20`);
  if (page.status !== 200) throw new Error(`the first page answered ${page.status}: ${JSON.stringify(page.data).slice(0, 300)}`);
  // Five of them to Trash: a message outside INBOX opens with the folder it was listed in, or found without it.
  const trashed = page.data.items.slice(-5).map((item) => item.id);
  for (const id of trashed) await api(token, "DELETE", `${base}/messages/${id}`);
  const listed = page.data.items.slice(0, -5);
  const ids = listed.map((item) => item.id);
  const rows = await timedInRounds([
    {
      label: "`GET /api/v1/health/ready` (floor)",
      request: async () => {
        const response = await fetch(`${server.baseUrl}/api/v1/health/ready`);
        await response.text();
        return response;
      },
    },
    { label: "the mailbox itself (session and database, no IMAP)", request: () => api(token, "GET", base) },
    { label: "folders", request: () => api(token, "GET", `${base}/folders`) },
    { label: "list INBOX, 20 messages", request: () => api(token, "GET", `${base}/messages?limit=20`) },
    {
      label: "open one message, `folder=INBOX&uid=` from the list (the portal)",
      request: (run) => {
        const item = listed[run % listed.length]!;
        return api(token, "GET", `${base}/messages/${item.id}?folder=INBOX&uid=${item.uid}`);
      },
    },
    {
      label: "open one message, no hint (searched by GUID)",
      request: (run) => api(token, "GET", `${base}/messages/${ids[run % ids.length]}`),
    },
    {
      label: "open one in Trash, `folder=Trash` given",
      request: (run) => api(token, "GET", `${base}/messages/${trashed[run % trashed.length]}?folder=Trash`),
    },
    {
      label: "open one in Trash, no folder given",
      request: (run) => api(token, "GET", `${base}/messages/${trashed[run % trashed.length]}`),
    },
    { label: "search `q=` matching every message", request: () => api(token, "GET", `${base}/messages?q=invoice&limit=20`) },
    {
      label: "search `q=` for one message's subject",
      request: () => api(token, "GET", `${base}/messages?q=${encodeURIComponent(`Invoice ${Math.floor(MESSAGES / 2)} for`)}&limit=20`),
    },
  ]);
  const floor = rows[0]!;
  const table = [
    `${MESSAGES} messages in INBOX, ${RUNS} rounds of one request per row, one at a time`,
    "",
    "| Request | p50 | p50 ÷ floor's | p90 | p99 |",
    "|---|---|---|---|---|",
    ...rows.map(
      (row) =>
        `| ${row.label} | ${row.p50.toFixed(1)} ms | ${(row.p50 / floor.p50).toFixed(1)}× | ${row.p90.toFixed(1)} ms | ${row.p99.toFixed(1)} ms |`,
    ),
  ].join("\n");
  writeResults("webmail", { messages: MESSAGES, runs: RUNS, rows }, table);
} finally {
  await server.stop();
  await database?.drop();
}
process.exit(0);
