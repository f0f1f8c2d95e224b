// One real rspamd (Debian's) per integration run, shared by every test file:
// configured by the service's own writer (server/spam-filter/), with the test
// rules of tests/fixtures/rspamd, and reached by the app through a loopback
// relay a test can cut (POST <controlUrl>/cut, /restore) to play "rspamd is
// down" without stopping the rspamd the other files use. It loads in the
// background (~15-30 s, less once its compiled-rules cache under
// .test-data/rspamd/db exists), launched after the app is up so the two do
// not compete for the CPU; tests that need it wait for its /ping.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { openSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { rspamdLayout } from "@/server/spam-filter/rspamd-config";
import { RSPAMD_BINARY, type RspamdRedis } from "@/server/spam-filter/rspamd-env";
import { rspamdArgs } from "@/server/spam-filter/rspamd-process";
import { rspamdUser, writeRspamdFiles } from "@/server/spam-filter/write-rspamd-files";
import { freeLoopbackPort } from "@/server/engines/free-port";
import { startTcpProxy } from "./tcp-proxy";

export type TestRspamd = {
  /** The app's RSPAMD_URL (the relay). */
  url: string;
  controlUrl: string;
  /** Its controller worker (learning, /stat), reached directly, and its password. */
  controller: { url: string; password: string };
  /** Starts rspamd itself (the relay answers from the start: connections fail until rspamd listens). */
  launch: () => void;
  stop: () => Promise<void>;
};

export const RSPAMD_TEST_RULES_DIR = path.resolve("tests/fixtures/rspamd");

/**
 * Lessons of each class an account's Bayes statistics need before they score (rspamd's min_learns, 200 by default):
 * two here (with one of each, rspamd 3.4 scored nothing), so the learning tests
 * teach a handful of messages. Each account has statistics of its own, so no other test's mail is scored by them.
 */
export const TEST_BAYES_MIN_LEARNS = 2;

/** The run's budget of lessons per account (RATE_LIMIT_OVERRIDES in global-setup.ts): small, so a test can spend it. */
export const TEST_SPAM_LESSONS_PER_ACCOUNT = 8;

/** `redis`: its Bayes statistics (learning); null: none. */
export async function startTestRspamd(dir: string, dnsServers: string[], redis: RspamdRedis | null): Promise<TestRspamd> {
  const normalPort = await freeLoopbackPort();
  const controllerPort = await freeLoopbackPort();
  const controllerPassword = randomBytes(18).toString("base64url");
  const layout = rspamdLayout(dir);
  const asRoot = process.getuid?.() === 0;
  writeRspamdFiles(
    layout,
    { normalPort, controllerPort, dnsServers, controllerPassword, redis },
    RSPAMD_TEST_RULES_DIR,
    asRoot ? rspamdUser() : null,
  );
  // Over the writer's classifier settings: only this key changes (override.d wins key by key).
  if (redis) writeFileSync(path.join(layout.confDir, "override.d", "classifier-bayes.conf"), `min_learns = ${TEST_BAYES_MIN_LEARNS};\n`);
  let child: ChildProcess | null = null;
  const relay = await startTcpProxy({ host: "127.0.0.1", port: normalPort });
  const control = http.createServer((request, response) => {
    if (request.url === "/cut") relay.cut();
    else if (request.url === "/restore") relay.restore();
    response.end("ok");
  });
  await new Promise<void>((resolve) => control.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${relay.port}`,
    controlUrl: `http://127.0.0.1:${(control.address() as { port: number }).port}`,
    controller: { url: `http://127.0.0.1:${controllerPort}`, password: controllerPassword },
    launch: () => {
      const log = openSync(path.join(layout.dir, "rspamd.log"), "a");
      child = spawn(RSPAMD_BINARY, rspamdArgs(layout, asRoot), { stdio: ["ignore", log, log] });
    },
    stop: async () => {
      const running = child;
      if (running && running.exitCode === null) {
        const exited = new Promise<void>((resolve) => running.once("exit", () => resolve()));
        running.kill("SIGTERM");
        await exited;
      }
      await relay.close();
      await new Promise<void>((resolve) => control.close(() => resolve()));
    },
  };
}
