// End-to-end tests against the production build (`next build` must have run).
// The launcher starts a fresh server per run on its own data directory.
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { freeLoopbackPort } from "./server/engines/free-port";
import { selfSignedCertificate } from "./tests/support/self-signed-certificate";
import { fakeProvidersEnv } from "./tests/support/providers/fake-credentials";

const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${port}`;
// Computed once in the main process; workers inherit it, so all agree.
process.env.E2E_DATA_DIR ??= path.join(".test-data", `e2e-${Date.now()}`);
// The test DNS server the app resolves sending domains through (tests/support/dns-server.ts);
// specs publish records over its control port.
// Helper servers take ports the OS says are free, picked once in the main
// process and handed to the workers through the environment (fixed offsets
// from E2E_PORT collided when several runs shared the machine).
process.env.E2E_DNS_PORT ??= String(await freeLoopbackPort());
process.env.E2E_DNS_CONTROL_PORT ??= String(await freeLoopbackPort());
process.env.E2E_GOOGLE_PORT ??= String(await freeLoopbackPort());
process.env.E2E_GITHUB_PORT ??= String(await freeLoopbackPort());
process.env.E2E_SUBMISSION_PORT ??= String(await freeLoopbackPort());
process.env.E2E_SUBMISSIONS_PORT ??= String(await freeLoopbackPort());
process.env.E2E_MX_PORT ??= String(await freeLoopbackPort());
process.env.E2E_IMAP_PORT ??= String(await freeLoopbackPort());
process.env.E2E_LMTP_PORT ??= String(await freeLoopbackPort());
const dnsPort = Number(process.env.E2E_DNS_PORT);
const dnsControlPort = Number(process.env.E2E_DNS_CONTROL_PORT);
process.env.E2E_DNS_CONTROL_URL = `http://127.0.0.1:${dnsControlPort}`;
// The relay spec's SMTP servers use this self-signed certificate; the server trusts it.
process.env.E2E_RELAY_TLS_DIR ??= path.resolve(`${process.env.E2E_DATA_DIR}-relay-tls`);
const relayCertificate = selfSignedCertificate(process.env.E2E_RELAY_TLS_DIR);

const serverEnv: Record<string, string> = {
  PORT: String(port),
  DATA_DIR: process.env.E2E_DATA_DIR,
  APP_ENV: "test",
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  // Every spec signs up its own accounts, all from this machine's loopback address, so the default
  // 10 registrations per hour per IP would fail the run part-way. The limit
  // itself is covered by tests/integration/rate-limits.integration.test.ts.
  // The same goes for code and token checks (30 per 15 minutes per IP): sign-in codes, links,
  // two-factor challenges and re-authentication across the specs add up.
  RATE_LIMIT_OVERRIDES: "register=1000/3600,verificationsPerIp=1000/900",
  DNS_SERVERS: `127.0.0.1:${dnsPort}`,
  // e2e/relays.spec.ts points relays at SMTP servers on loopback with a self-signed certificate.
  RELAY_ALLOW_PRIVATE_HOSTS: "true",
  RELAY_EXTRA_CA_FILE: relayCertificate.certFile,
  SUBMISSION_PORT: process.env.E2E_SUBMISSION_PORT,
  SUBMISSIONS_PORT: process.env.E2E_SUBMISSIONS_PORT,
  MX_PORT: process.env.E2E_MX_PORT,
  // The child Dovecot on ports of its own (the defaults would collide with a development server).
  IMAP_PORT: process.env.E2E_IMAP_PORT,
  POP3_PORT: "0",
  MANAGESIEVE_PORT: "0",
  LMTP_PORT: process.env.E2E_LMTP_PORT,
  // Messages land in the dev mailbox the specs read, not with an outbound MTA.
  POSTFIX: "off",
  // No spec reads a spam verdict; rspamd's load (15-30 s of CPU) would only slow the run.
  RSPAMD: "off",
};
// Google and GitHub sign-in go to local fake providers (e2e/support/oauth-providers-server.ts)
// on free ports: the app's callbacks are on its default APP_URL (http://localhost:PORT).
const googlePort = Number(process.env.E2E_GOOGLE_PORT);
const githubPort = Number(process.env.E2E_GITHUB_PORT);
Object.assign(serverEnv, fakeProvidersEnv(`http://127.0.0.1:${googlePort}`, `http://127.0.0.1:${githubPort}`));

// A real PostgreSQL when one is given; the embedded PGlite database otherwise.
if (process.env.DATABASE_URL) serverEnv.DATABASE_URL = process.env.DATABASE_URL;

// What Playwright 1.65 disables in Chromium by default; a second --disable-features replaces it.
const playwrightDisabledFeatures = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
];
const unusedBrowserUi = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup"];

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Two browsers at once on this 2-core machine; E2E_WORKERS tries another count (npm test prints how busy the cores were).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // Debian's Chromium 156 on this 2-core machine renders pages 3-5x slower than
  // the runs these limits were first set on (a sign-up reached the dashboard
  // in about 12 s): limits for a slow browser, not for a slow app.
  timeout: 60_000,
  expect: { timeout: 20_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        // Debian's Chromium; never `npx playwright install`.
        launchOptions: {
          executablePath: "/usr/bin/chromium",
          args: [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            // Chromium 156 preloads the address bar's WebUI popup in a renderer of its own for every
            // page, which a headless test never opens: 0.5 s of CPU per page load here, more than the
            // page's own renderer (1.1 → 0.47 s of Chromium CPU per sign-in page load, measured with
            // ten fresh contexts). Chromium keeps only the last --disable-features, so Playwright's
            // own list (1.65) is repeated before ours.
            `--disable-features=${[...playwrightDisabledFeatures, ...unusedBrowserUi].join(",")}`,
          ],
        },
      },
    },
  ],
  webServer: [
    {
      command: "npx tsx tests/support/dns-server-main.ts",
      url: `${process.env.E2E_DNS_CONTROL_URL}/health`,
      env: { DNS_PORT: String(dnsPort), DNS_CONTROL_PORT: String(dnsControlPort) },
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: "npx tsx e2e/support/oauth-providers-server.ts",
      url: `http://127.0.0.1:${googlePort}/.well-known/openid-configuration`,
      env: { E2E_APP_URL: baseURL, E2E_GOOGLE_PORT: String(googlePort), E2E_GITHUB_PORT: String(githubPort) },
      reuseExistingServer: false,
      // Generous: it starts alongside the app's build-time-heavy launcher on a busy machine.
      timeout: 120_000,
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
      // Shown (it prints little), so a start that never finishes says how far it got.
      stdout: "pipe",
      stderr: "pipe",
    },
    {
      command: "npx tsx scripts/start.ts",
      url: `${baseURL}/api/v1/health/ready`,
      env: serverEnv,
      reuseExistingServer: false,
      timeout: 120_000,
      // Let the launcher stop its workers and the embedded database cleanly.
      gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
      // Shown: at LOG_LEVEL=warn that is the launcher's own lines (migrations, "ready on …") and
      // warnings, so a start that never finishes says how far it got.
      stdout: "pipe",
      stderr: "pipe",
    },
  ],
});
