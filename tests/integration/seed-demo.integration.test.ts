// `npm run seed:demo` run as support staff would (the real script in its own
// process) against the test server's database, then used through the API
// with the credentials it printed.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { login } from "@/shared/api/endpoints/auth";
import { listInvoices } from "@/shared/api/endpoints/billing";
import { getDashboardOverview } from "@/shared/api/endpoints/dashboard";
import { listMessages } from "@/shared/api/endpoints/messages";
import { listDomains } from "@/shared/api/endpoints/sending-domains";
import { listSmtpRelays } from "@/shared/api/endpoints/smtp-relays";
import { listSupportTickets } from "@/shared/api/endpoints/support";
import { call } from "../support/api-client";
import { sql } from "../support/database";
import { testPaymentSecrets } from "../support/fake-payment-providers";
import { waitForEmail } from "../support/captured-email";
import { eventually } from "../support/poll";

type Run = { code: number | null; stdout: string; stderr: string };

/**
 * The test server's configuration, as support staff run the seed with the app's .env: its DATA_DIR (generated
 * secrets and, when embedded, the database address), APP_URL, port and sandbox secret (so the sandbox's webhook
 * reaches the server and is accepted).
 */
function seedEnv(overrides: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const dataDir = inject("serverDataDir");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    APP_ENV: "test",
    DATA_DIR: dataDir,
    APP_URL: inject("appUrl"),
    PORT: new URL(inject("baseUrl")).port,
    SANDBOX_WEBHOOK_SECRET: testPaymentSecrets.sandboxWebhookSecret,
  };
  delete env.DATABASE_URL;
  delete env.LOG_LEVEL;
  // On the embedded engine the seed must find the database the way it does for `npm start`: through DATA_DIR.
  const urlFile = path.join(dataDir, "embedded-database.url");
  const embeddedUrl = existsSync(urlFile) ? readFileSync(urlFile, "utf8").trim() : null;
  if (inject("databaseUrl") !== embeddedUrl) env.DATABASE_URL = inject("databaseUrl");
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}

function runSeed(args: string[] = [], env: NodeJS.ProcessEnv = seedEnv()): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.resolve("node_modules/.bin/tsx"), ["scripts/seed-demo.ts", ...args], {
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

const printed = (output: string, label: string) => new RegExp(`^\\s+${label}\\s+(\\S+)`, "m").exec(output)?.[1];

const demoAccounts = async () =>
  Number((await sql<{ n: string }>("select count(*) as n from accounts where email like 'demo+%@example.com'"))[0]!.n);

describe("npm run seed:demo", () => {
  it("creates an account with something on every page and prints credentials that sign in", async () => {
    const run = await runSeed();
    expect(run.stderr, run.stderr).not.toMatch(/error/i);
    expect(run.code).toBe(0);
    const email = printed(run.stdout, "Email")!;
    const password = printed(run.stdout, "Password")!;
    const apiKey = printed(run.stdout, "API key")!;
    expect(email).toMatch(/^demo\+[0-9a-f]{6}@example\.com$/);
    expect(run.stdout).toContain(`${inject("appUrl")}/sign-in`);
    expect(run.stdout).toContain("The app is running");

    const signedIn = await call(login, { body: { email, password } });
    expect(signedIn.status).toBe(200);
    const token = signedIn.body.data.accessToken;

    const overview = (await call(getDashboardOverview, { token })).body.data;
    expect(overview.domains).toEqual({ total: 2, verified: 1 });
    expect(overview.relays).toEqual({ total: 2, active: 1, defaultFailing: false });
    expect(overview.plan).toMatchObject({ id: "pro", status: "active" });
    expect(overview.apiKeys.total).toBe(1);
    expect(overview.usage.emailsSent).toBe(3);
    // The demo's domain and queued messages are 4 events at once; the job worker's first `sent` makes the fifth
    // (soon on PostgreSQL, later on the embedded database, which answers one query at a time).
    const withDeliveries = await eventually(
      async () => (await call(getDashboardOverview, { token })).body.data,
      (current) => current.recentEvents.length === 5,
    );
    expect(withDeliveries.recentEvents).toHaveLength(5);

    const invoices = (await call(listInvoices, { token })).body.data;
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ status: "paid", amount: 5000, currency: "USD" });
    const tickets = (await call(listSupportTickets, { token })).body.data.items;
    expect(tickets).toHaveLength(1);
    expect(run.stdout).toContain(tickets[0]!.reference);

    const domains = (await call(listDomains, { token })).body.data;
    expect(domains.map((domain) => domain.status).sort()).toEqual(["pending", "verified"]);
    const verified = domains.find((domain) => domain.status === "verified")!;
    expect(verified.records.filter((record) => record.required).every((record) => record.status === "verified")).toBe(true);
    const relays = (await call(listSmtpRelays, { token })).body.data;
    expect(relays.find((relay) => relay.is_default)).toMatchObject({ status: "inactive", hasPassword: true });

    // The printed key works, and the messages it sent go out through the app's own transport (the default relay is paused).
    const messages = (await call(listMessages, { token: apiKey })).body.data.items;
    expect(messages).toHaveLength(3);
    const welcome = await waitForEmail("ada@example.com", { subject: "Welcome to Acme", timeoutMs: 30_000 });
    expect(welcome.from).toContain(`@${verified.name}`);
    await waitForEmail(email, { subject: `We received your request (${tickets[0]!.reference})`, timeoutMs: 30_000 });
  }, 180_000);

  it("makes a fresh account on every run", async () => {
    const before = await demoAccounts();
    const first = await runSeed(["--json"]);
    const second = await runSeed(["--json"]);
    expect([first.code, second.code]).toEqual([0, 0]);
    const [a, b] = [JSON.parse(first.stdout), JSON.parse(second.stdout)] as { email: string; invoice: { number: string } }[];
    expect(a!.email).not.toBe(b!.email);
    expect(a!.invoice.number).not.toBe(b!.invoice.number);
    expect(await demoAccounts()).toBe(before + 2);
  }, 180_000);

  it("refuses APP_ENV=production before touching any database", async () => {
    const before = await demoAccounts();
    const run = await runSeed([], seedEnv({ APP_ENV: "production" }));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("APP_ENV is production");
    expect(await demoAccounts()).toBe(before);
  }, 60_000);

  it("refuses a database marked as production, whatever APP_ENV says", async () => {
    const before = await demoAccounts();
    const mark = (value: string | null) =>
      sql(
        value
          ? `do $$ begin execute format('alter database %I set ces.environment = %L', current_database(), '${value}'); end $$`
          : `do $$ begin execute format('alter database %I reset ces.environment', current_database()); end $$`,
      );
    await mark("production");
    try {
      const run = await runSeed();
      expect(run.code).toBe(2);
      expect(run.stderr).toContain("marked as production");
    } finally {
      await mark(null);
    }
    expect(await demoAccounts()).toBe(before);
  }, 60_000);

  it("refuses a DATABASE_URL on another machine unless --force", async () => {
    // 203.0.113.0/24 is documentation space: were the seed to connect, this test would hang, not pass.
    const run = await runSeed([], seedEnv({ DATABASE_URL: "postgres://demo@203.0.113.7:5432/ces" }));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--force");
  }, 60_000);

  it("explains that the embedded database needs the app running", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "seed-demo-"));
    const missing = await runSeed([], seedEnv({ DATA_DIR: dataDir, DATABASE_URL: undefined }));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("npm start");
    // An address left behind by an app that has stopped.
    writeFileSync(path.join(dataDir, "embedded-database.url"), "postgres://postgres@127.0.0.1:9/postgres\n");
    const stale = await runSeed([], seedEnv({ DATA_DIR: dataDir, DATABASE_URL: undefined }));
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain("is not running any more");
  }, 60_000);
});
