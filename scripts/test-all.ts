// `npm test`: lints (`npm run lint`), runs the database tier (services against a migrated
// database, no build), builds the app, runs every other tier (unit, integration against the
// real server, Playwright end-to-end) and closes with one summary line
// "N passed, M failed". DATABASE_URL set → a throwaway database on that
// server; unset → the embedded database. SKIP_BUILD=1 reuses the last build.
// `--embedded-integration` (CI) runs the integration tier once more on the
// embedded database after a run on PostgreSQL; its tallies join the summary.
// First: an unsupported Node.js is refused before anything else loads.
import "@/server/runtime/refuse-unsupported-node";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { serviceStateDir } from "@/server/engines/state-dir";
import { describeCpuBusy, readCpuCounters } from "./cpu-busy";
import { slowestTests } from "./slowest-tests";

type Tally = { passed: number; failed: number; skipped: number };

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): number {
  console.log(`\n$ ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit", env });
  return result.status ?? 1;
}

type VitestReport = {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: { name: string; message?: string; assertionResults: { status: string; fullName: string; failureMessages: string[] }[] }[];
};

/**
 * A Vitest JSON report's tally, and "file › test name: first line of the error" for each failed test;
 * no tally when the runner wrote no report.
 */
function vitestResult(file: string): { tally?: Tally; failures: string[] } {
  if (!existsSync(file)) return { failures: [] };
  const report = JSON.parse(readFileSync(file, "utf8")) as VitestReport;
  const failures = report.testResults.flatMap((suite) => {
    const where = path.relative(process.cwd(), suite.name);
    const failed = suite.assertionResults.filter((test) => test.status === "failed");
    // A file that failed before any test ran (a hook or an import) has no failed tests, only a message.
    if (failed.length === 0 && suite.message) return [`${where}: ${firstLine(suite.message)}`];
    return failed.map((test) => `${where} › ${test.fullName}: ${firstLine(test.failureMessages[0] ?? "")}`);
  });
  const tally = { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests };
  return { tally, failures };
}

type PlaywrightSuite = {
  title: string;
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: { title: string; tests: { status: string; projectName?: string; results: { error?: { message?: string } }[] }[] }[];
};

/** The same for a Playwright JSON report: its tally, and the tests whose outcome was "unexpected". */
function playwrightResult(file: string): { tally?: Tally; failures: string[] } {
  if (!existsSync(file)) return { failures: [] };
  const report = JSON.parse(readFileSync(file, "utf8")) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
    suites: PlaywrightSuite[];
  };
  const walk = (suite: PlaywrightSuite, titles: string[]): string[] => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((test) => test.status === "unexpected")
        .map((test) => {
          const error = test.results.at(-1)?.error?.message ?? "";
          return `${[...titles, spec.title].join(" › ")}: ${firstLine(error)}`;
        }),
    ),
    ...(suite.suites ?? []).flatMap((child) => walk(child, [...titles, child.title])),
  ];
  const { expected, unexpected, flaky, skipped } = report.stats;
  return {
    tally: { passed: expected + flaky, failed: unexpected, skipped },
    failures: report.suites.flatMap((suite) => walk(suite, [suite.file ?? suite.title])),
  };
}

/** The first non-empty line, without terminal colours, cut to a readable length. */
function firstLine(message: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes start with ESC.
  const plain = message.replace(/\u001b\[[0-9;]*m/g, "");
  const line = plain.split("\n").find((text) => text.trim() !== "") ?? "";
  return line.trim().slice(0, 300);
}

/**
 * Debian packages the tests use: Chromium for Playwright (never `npx playwright
 * install`), oathtool, the independent TOTP implementation ours is checked against,
 * swaks, the SMTP client the submission tests speak with, Dovecot, the mail
 * storage the integration server runs as a child process (docs/mail-storage.md), with its
 * full-text index (docs/webmail.md, "Search"), and
 * Postfix, the outbound MTA, with its MTA-STS resolver (docs/delivery.md).
 */
function ensureSystemPackages() {
  const missing = [
    ["/usr/bin/chromium", "chromium"],
    ["/usr/bin/oathtool", "oathtool"],
    ["/usr/bin/swaks", "swaks"],
    ["/usr/lib/dovecot/imap", "dovecot-imapd"],
    ["/usr/lib/dovecot/pop3", "dovecot-pop3d"],
    ["/usr/lib/dovecot/lmtp", "dovecot-lmtpd"],
    ["/usr/lib/dovecot/modules/libdriver_pgsql.so", "dovecot-pgsql"],
    ["/usr/lib/dovecot/modules/lib21_fts_xapian_plugin.so", "dovecot-fts-xapian"],
    ["/usr/sbin/postfix", "postfix"],
    ["/usr/bin/mta-sts-daemon", "postfix-mta-sts-resolver"],
  ].flatMap(([file, pkg]) => (existsSync(file!) ? [] : [pkg!]));
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    console.error(`Missing Debian packages: run \`sudo apt-get install -y ${missing.join(" ")}\`, then \`npm test\` again.`);
    process.exit(1);
  }
  console.log(`Installing Debian packages for the tests: ${missing.join(", ")}…`);
  // Postfix's package asks how to configure the system's mail: "No configuration" (it writes none and starts nothing).
  const answer = "postfix postfix/main_mailer_type select No configuration\n";
  if (
    missing.includes("postfix") &&
    spawnSync("debconf-set-selections", { input: answer, stdio: ["pipe", "inherit", "inherit"] }).status !== 0
  ) {
    process.exit(1);
  }
  if (
    run("apt-get", ["update", "-qq"]) !== 0 ||
    run("apt-get", ["install", "-y", "-qq", ...missing], { ...process.env, DEBIAN_FRONTEND: "noninteractive" }) !== 0
  )
    process.exit(1);
}

ensureSystemPackages();
rmSync("test-results", { recursive: true, force: true });
// Servers of earlier runs (each keeps its data dir), with the Dovecot state and mail a root run keeps
// under /var/lib when this checkout's path is closed to Dovecot's users (docs/mail-storage.md).
for (const entry of existsSync(".test-data") ? readdirSync(".test-data") : []) {
  rmSync(serviceStateDir(path.resolve(".test-data", entry)), { recursive: true, force: true });
}
rmSync(".test-data", { recursive: true, force: true });
mkdirSync("test-results", { recursive: true });

type Step = { name: string; exitCode: number; tally?: Tally; seconds?: number; cpu?: string; failures?: string[] };
const steps: Step[] = [];
/** Runs one step and records how long it took and how busy the cores were meanwhile (docs/testing.md keeps the figures). */
function timed(step: () => Omit<Step, "seconds" | "cpu">) {
  const started = Date.now();
  const counters = readCpuCounters();
  const result = step();
  steps.push({ ...result, seconds: Math.round((Date.now() - started) / 1000), cpu: describeCpuBusy(counters, readCpuCounters()) });
}
// Lint first and on its own: a failure is counted, and the suites still run.
const lintCode = run("npm", ["run", "--silent", "lint"]);
steps.push({
  name: "lint (Biome, import boundaries, knip, TypeScript)",
  exitCode: lintCode,
  tally: { passed: lintCode === 0 ? 1 : 0, failed: lintCode === 0 ? 0 : 1, skipped: 0 },
});
// Services against a migrated database: needs no build, so it reports before the build starts.
timed(() => ({
  name: "vitest database (services on a migrated database)",
  exitCode: run("npx", [
    "vitest",
    "run",
    "--project",
    "database",
    "--reporter=default",
    "--reporter=json",
    "--outputFile.json=test-results/vitest-database.json",
  ]),
  ...vitestResult("test-results/vitest-database.json"),
}));
if (process.env.SKIP_BUILD !== "1") {
  const exitCode = run("npx", ["next", "build"]);
  if (exitCode !== 0) {
    console.log("\nbuild failed\n0 passed, 1 failed");
    process.exit(1);
  }
}

timed(() => ({
  name: "vitest (unit + integration)",
  exitCode: run("npx", [
    "vitest",
    "run",
    "--project",
    "unit",
    "--project",
    "integration",
    "--reporter=default",
    "--reporter=json",
    "--outputFile.json=test-results/vitest.json",
  ]),
  ...vitestResult("test-results/vitest.json"),
}));

// Read now: Playwright empties test-results/ when it starts.
const slowestVitest = slowestTests(["test-results/vitest-database.json", "test-results/vitest.json"]);

timed(() => ({
  name: "playwright (e2e)",
  exitCode: run("npx", ["playwright", "test"]),
  ...playwrightResult("test-results/e2e.json"),
}));

// The README's default database is the embedded one; CI's main run is on PostgreSQL, so the
// integration tier runs again without DATABASE_URL (a fresh server on PGlite).
if (process.argv.includes("--embedded-integration")) {
  if (!process.env.DATABASE_URL) {
    console.log("\n--embedded-integration: this run was on the embedded database already");
  } else {
    const { DATABASE_URL: _postgres, ...embeddedEnv } = process.env;
    const report = "test-results/vitest-embedded.json";
    timed(() => ({
      name: "vitest integration on the embedded database (PGlite)",
      exitCode: run(
        "npx",
        ["vitest", "run", "--project", "integration", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`],
        embeddedEnv,
      ),
      ...vitestResult(report),
    }));
  }
}

console.log("\nSlowest tests");
for (const test of [...slowestVitest, ...slowestTests(["test-results/e2e.json"])].sort((a, b) => b.seconds - a.seconds).slice(0, 20)) {
  console.log(`  ${test.seconds.toFixed(1).padStart(6)} s  ${test.name.slice(0, 160)}`);
}

const total: Tally = { passed: 0, failed: 0, skipped: 0 };
console.log("\nSummary");
for (const step of steps) {
  // A runner that crashed before reporting counts as one failure, never as a pass.
  const tally = step.tally ?? { passed: 0, failed: 1, skipped: 0 };
  if (step.exitCode !== 0 && tally.failed === 0) tally.failed = 1;
  total.passed += tally.passed;
  total.failed += tally.failed;
  total.skipped += tally.skipped;
  const took = step.seconds === undefined ? "" : `, ${step.seconds} s${step.cpu ? `, ${step.cpu}` : ""}`;
  console.log(`  ${step.name}: ${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped (exit ${step.exitCode}${took})`);
  // The failed tests by name, so the last lines of a run say what to look at.
  for (const failure of step.failures ?? []) console.log(`    ✗ ${failure}`);
}
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ""}`);
process.exit(total.failed > 0 || total.passed === 0 ? 1 : 0);
