// bench:spam: what asking rspamd costs the MX per hosted-mailbox message. One
// real rspamd (Debian's, configured by the service's own writer) on a machine
// treated as offline (DNS_SERVERS points at a port nobody answers: every
// lookup times out), asked through the
// MX's own client (checkMessage) about ordinary messages from a public
// address, one at a time and eight at once: verdicts per second and latency.
// It does not drive the MX itself: the MX's accept rate with and without
// rspamd is still to be measured.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { checkMessage } from "@/server/spam-filter/check-message";
import { startTestRspamd } from "../tests/support/rspamd";
import { writeResults } from "./write-results";

const MESSAGES = Number(process.env.BENCH_SPAM_MESSAGES ?? 300);

function message(index: number): Buffer {
  return Buffer.from(
    `From: Sender <sender${index}@example.org>\r\nTo: box@example.net\r\nSubject: Invoice ${index} for March\r\n` +
      `Message-ID: <${randomBytes(8).toString("hex")}@example.org>\r\nDate: ${new Date().toUTCString()}\r\n` +
      `Content-Type: text/plain; charset=utf-8\r\n\r\nHello,\r\n\r\nplease find the figures for March below.\r\n${"Line of text. ".repeat(40)}\r\n`,
  );
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

async function run(url: string, concurrency: number) {
  const latencies: number[] = [];
  let next = 0;
  let unanswered = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < MESSAGES) {
        const index = next++;
        const t0 = performance.now();
        const verdict = await checkMessage(
          url,
          {
            raw: message(index),
            mailFrom: `sender${index}@example.org`,
            recipients: ["box@example.net"],
            remoteAddress: "203.0.113.7",
            helo: "mail.example.org",
            queueId: `bench${index}`,
          },
          5_000,
        );
        latencies.push(performance.now() - t0);
        if (!verdict) unanswered += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    concurrency,
    messages: MESSAGES,
    perSecond: MESSAGES / seconds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    unanswered,
  };
}

const rspamd = await startTestRspamd(path.resolve(".test-data", "rspamd-bench"), ["127.0.0.1:9"], null);
rspamd.launch();
const loadStarted = performance.now();
while (
  !(await fetch(`${rspamd.url}/ping`)
    .then((response) => response.ok)
    .catch(() => false))
)
  await new Promise((resolve) => setTimeout(resolve, 250));
const loadSeconds = (performance.now() - loadStarted) / 1000;
await run(rspamd.url, 4); // warm-up: the first verdicts compile what the load left
const results = [await run(rspamd.url, 1), await run(rspamd.url, 8)];
await rspamd.stop();
const table = [
  `rspamd loaded in ${loadSeconds.toFixed(1)} s; ${MESSAGES} ordinary messages per row, DNS unreachable (every lookup times out)`,
  "",
  "| concurrent | verdicts/s | p50 ms | p99 ms | unanswered |",
  "|---|---|---|---|---|",
  ...results.map(
    (row) => `| ${row.concurrency} | ${row.perSecond.toFixed(0)} | ${row.p50.toFixed(1)} | ${row.p99.toFixed(1)} | ${row.unanswered} |`,
  ),
].join("\n");
writeResults("spam", { loadSeconds, results }, table);
process.exit(0);
