// Stopping the service the way a newcomer does: `npm start` in a terminal or
// under a process manager, with the signal sent to npm's pid (Debian's npm
// runs scripts with dash). Every process of the service (launcher, web
// worker, delivery worker, Dovecot) must be gone and every port closed; a
// second `npm start` on the same DATA_DIR must refuse to start, saying why.
// The embedded database and Dovecot are on, as in the README's quick start.
// The tests share one DATA_DIR, in order: the first start is a fresh
// machine's (migrations included), the later ones are restarts on its data,
// which is also what a newcomer does next (and saves each a fresh migration).
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { canConnect } from "@/server/engines/process-checks";
import { freeLoopbackPort } from "@/server/engines/free-port";
import { until } from "../support/poll";

type NpmServer = {
  npm: ChildProcess;
  dataDir: string;
  ports: number[];
  output: () => string;
  exited: Promise<number | null>;
};

/** The pids of every process below `root` (read from /proc: ps is not needed). */
function descendants(root: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name may hold spaces and parentheses: the parent pid follows the last ")".
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parents.set(parent, [...(parents.get(parent) ?? []), Number(entry)]);
    } catch {
      // exited while we looked
    }
  }
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    for (const child of parents.get(queue.shift()!) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

const commandOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    return null; // gone
  }
};

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return commandOf(pid) !== null;
  } catch {
    return false;
  }
};

const portIsOpen = (port: number) => canConnect("127.0.0.1", port);

function spawnNpm(script: string[], dataDir: string, ports: Record<string, number>) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    APP_ENV: "test",
    DATA_DIR: dataDir,
    PORT: String(ports.PORT),
    WEB_CONCURRENCY: "1",
    DELIVERY_WORKERS: "1",
    SUBMISSION_PORT: "0",
    SUBMISSIONS_PORT: "0",
    MX_PORT: String(ports.MX_PORT),
    DOVECOT: "auto",
    IMAP_PORT: String(ports.IMAP_PORT),
    POP3_PORT: "0",
    LMTP_PORT: String(ports.LMTP_PORT),
  };
  delete env.DATABASE_URL; // the README's default: the embedded database
  const npm = spawn("npm", script, { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  npm.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  npm.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => npm.once("exit", (code) => resolve(code)));
  return { npm, output: () => output, exited };
}

const sharedDataDir = path.resolve(".test-data", `npm-stop-${Date.now().toString(36)}`);

/** The launcher's refusal when a port it was given is taken: another test's server picked the same free port first. */
const PORT_TAKEN = "is already in use by another program";

async function startThroughNpm(script: string[]): Promise<NpmServer> {
  mkdirSync(sharedDataDir, { recursive: true });
  // Ports are picked free but bound later; a server of a test running alongside may take one in between, so a start
  // refused for that alone is tried again on new ports.
  for (let attempt = 1; ; attempt++) {
    const ports = {
      PORT: await freeLoopbackPort(),
      MX_PORT: await freeLoopbackPort(),
      IMAP_PORT: await freeLoopbackPort(),
      LMTP_PORT: await freeLoopbackPort(),
    };
    const started = spawnNpm(script, sharedDataDir, ports);
    const ready = await until(async () => {
      if (started.npm.exitCode !== null) return true;
      const answer = await fetch(`http://127.0.0.1:${ports.PORT}/api/v1/health/ready`).catch(() => null);
      const body = answer?.ok ? ((await answer.json()) as { data?: { mailStorage?: string } }) : null;
      return body?.data?.mailStorage === "online";
    }, 120_000);
    if (ready && started.npm.exitCode === null) return { ...started, dataDir: sharedDataDir, ports: Object.values(ports) };
    if (attempt < 3 && started.output().includes(PORT_TAKEN)) continue;
    throw new Error(`npm start did not become ready:\n${started.output()}`);
  }
}

/** What a newcomer sees with `ps`: the launcher, its workers and Dovecot under npm. */
function serviceProcesses(server: NpmServer) {
  const pids = descendants(server.npm.pid!);
  const commands = pids.map((pid) => commandOf(pid) ?? "");
  return { pids, commands };
}

describe("stopping `npm start` through npm", () => {
  it.each([
    ["SIGTERM", ["start"]],
    ["SIGINT", ["run", "start"]],
  ] as const)(
    "%s to npm's pid stops every process of the service and closes its ports",
    async (signal, script) => {
      const server = await startThroughNpm([...script]);
      const { pids, commands } = serviceProcesses(server);
      // npm's own child is the launcher (no shell in between), with its web worker, delivery worker and Dovecot below it.
      expect(commands.filter((command) => command.includes("scripts/start.ts")).length).toBeGreaterThanOrEqual(3);
      expect(commands.some((command) => command.includes("dovecot"))).toBe(true);
      for (const port of server.ports) expect(await portIsOpen(port)).toBe(true);

      process.kill(server.npm.pid!, signal);
      const code = await Promise.race([server.exited, new Promise((resolve) => setTimeout(() => resolve("still running"), 45_000))]);
      expect(code).toBe(0);
      expect(await until(() => pids.every((pid) => !isAlive(pid)), 15_000)).toBe(true);
      for (const port of server.ports) expect(await portIsOpen(port)).toBe(false);
      expect(server.output()).toContain(`${signal}: finishing requests and jobs in flight, then stopping`);
      expect(server.output()).toContain("stopped");
    },
    180_000,
  );

  it("a second `npm start` on the same DATA_DIR refuses to start and names the running one; npm killed outright takes the service with it", async () => {
    const server = await startThroughNpm(["start"]);
    const { pids, commands } = serviceProcesses(server);
    const launcher = pids[commands.findIndex((command) => command.includes("scripts/start.ts"))]!;

    const second = spawnNpm(["start"], server.dataDir, {
      PORT: await freeLoopbackPort(),
      MX_PORT: await freeLoopbackPort(),
      IMAP_PORT: await freeLoopbackPort(),
      LMTP_PORT: await freeLoopbackPort(),
    });
    const secondCode = await Promise.race([second.exited, new Promise((resolve) => setTimeout(() => resolve("still running"), 60_000))]);
    expect(secondCode).not.toBe(0);
    expect(secondCode).not.toBe("still running");
    expect(second.output()).toContain(`Another instance of the service (pid ${launcher}) is already running on DATA_DIR ${server.dataDir}`);
    // The first instance was not disturbed.
    expect((await fetch(`http://127.0.0.1:${server.ports[0]}/api/v1/health/ready`)).status).toBe(200);

    // npm dies without passing anything on (SIGKILL): the launcher notices its parent is gone and stops.
    process.kill(server.npm.pid!, "SIGKILL");
    expect(await until(() => pids.every((pid) => !isAlive(pid)), 45_000)).toBe(true);
    for (const port of server.ports) expect(await portIsOpen(port)).toBe(false);
  }, 240_000);
});
