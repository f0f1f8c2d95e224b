// The launcher's child rspamd (RSPAMD=auto) on a server of its own: once
// loaded it answers and /health/ready says `online`; killed with SIGKILL it is
// restarted and serves again; stopping the app leaves none of its processes.
// Root only, with Debian's rspamd (its workers drop to _rspamd). Duration: two
// loads of rspamd's rules, 15-30 s each on this 2-core machine (the second
// from the compiled-rules cache the first left).
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isAlive } from "@/server/engines/process-checks";
import { RSPAMD_BINARY } from "@/server/spam-filter/rspamd-env";
import { until } from "../support/poll";
import { startTestServer, type TestServer } from "../support/test-server";

const runnable = process.getuid?.() === 0 && existsSync(RSPAMD_BINARY);
let server: TestServer;

const spamFilter = async () =>
  ((await (await fetch(`${server.baseUrl}/api/v1/health/ready`)).json()) as { data: { spamFilter: string } }).data.spamFilter;

type ProcessRow = { pid: number; ppid: number; command: string };
const processes = (): ProcessRow[] =>
  execFileSync("ps", ["-eo", "pid=,ppid=,comm="], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((line) => {
      const [pid, ppid, command] = line.trim().split(/\s+/);
      return { pid: Number(pid), ppid: Number(ppid), command: command ?? "" };
    });

/** The process and every descendant of it (rspamd's workers are children of its main process). */
function processTree(root: number, rows = processes()): number[] {
  const tree = [root];
  for (let index = 0; index < tree.length; index++) {
    for (const row of rows) if (row.ppid === tree[index] && !tree.includes(row.pid)) tree.push(row.pid);
  }
  return tree;
}

/** rspamd's main process: the launcher's rspamd child (in the foreground it writes no pid file). */
function mainPid(): number {
  const rows = processes();
  const inApp = new Set(processTree(server.pid, rows));
  const commandOf = new Map(rows.map((row) => [row.pid, row.command]));
  const main = rows.find((row) => inApp.has(row.pid) && row.command === "rspamd" && commandOf.get(row.ppid) !== "rspamd");
  if (!main) throw new Error("no rspamd among the app's processes");
  return main.pid;
}

beforeAll(async () => {
  if (!runnable) return;
  server = await startTestServer({
    label: "rspamd-supervision",
    env: { RSPAMD: "auto", MX_PORT: "0", SUBMISSION_PORT: "0", SUBMISSIONS_PORT: "0" },
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe.runIf(runnable)("the child rspamd", () => {
  it("serves once loaded, is restarted after SIGKILL and serves again; stopping the app stops all of it", async () => {
    expect(await until(async () => (await spamFilter()) === "online", 150_000, 500)).toBe(true);
    const first = mainPid();
    const firstTree = processTree(first);
    expect(firstTree.length).toBeGreaterThan(1); // the main process and its workers

    process.kill(first, "SIGKILL");
    expect(await until(async () => (await spamFilter()) === "offline", 15_000, 200)).toBe(true);
    expect(await until(async () => (await spamFilter()) === "online", 150_000, 500)).toBe(true);
    const second = mainPid();
    expect(second).not.toBe(first);
    // The old workers did not outlive their main process.
    expect(firstTree.filter(isAlive)).toEqual([]);

    const secondTree = processTree(second);
    await server.stop();
    expect(await server.exited).toBe(0);
    expect(secondTree.filter(isAlive)).toEqual([]);
  }, 330_000);
});
