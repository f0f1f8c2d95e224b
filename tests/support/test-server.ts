// Starts the real app exactly as `npm start` does (launcher + built Next.js
// server) on a free port, with its own data directory and log file.
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, mkdirSync } from "node:fs";
import path from "node:path";
import { freeLoopbackPort } from "@/server/engines/free-port";

export type TestServer = {
  baseUrl: string;
  dataDir: string;
  logFile: string;
  pid: number;
  /** The launcher's exit code (null when killed by a signal it did not handle). */
  exited: Promise<number | null>;
  stop: () => Promise<void>;
};

export async function startTestServer(options: {
  label: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  /** A port picked beforehand (when something must know the app's URL before it starts). */
  port?: number;
  /** Node.js flags for the launcher and its web workers (cluster workers inherit them), e.g. `--cpu-prof`. */
  nodeArgs?: string[];
  /** Its own process group (pid = group id), so a benchmark can kill the launcher and its workers at once. */
  detached?: boolean;
}): Promise<TestServer> {
  const port = options.port ?? (await freeLoopbackPort());
  const dataDir = path.resolve(".test-data", `${options.label}-${Date.now().toString(36)}`);
  mkdirSync(dataDir, { recursive: true });
  const logFile = path.join(dataDir, "server.log");
  const log = createWriteStream(logFile);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    APP_ENV: "test",
    PORT: String(port),
    DATA_DIR: dataDir,
    WEB_CONCURRENCY: "1",
    // One delivery worker: delivery runs in a process of its own as in production, without one per core for every test server.
    DELIVERY_WORKERS: "1",
    // Mail listeners are off unless a test gives them ports: fixed defaults would collide between servers.
    SUBMISSION_PORT: "0",
    SUBMISSIONS_PORT: "0",
    MX_PORT: "0",
    // Likewise Dovecot (its IMAP, POP3, ManageSieve and LMTP ports): servers that need it turn it on with ports of their own.
    DOVECOT: "off",
    MANAGESIEVE_PORT: "0",
    // Postfix too (it would take the messages the dev mailbox shows): tests of the outbound MTA turn it on.
    POSTFIX: "off",
    // And rspamd (its load takes 15-30 s of CPU): the run shares one (global-setup.ts); other servers go without.
    RSPAMD: "off",
    // And the development DNS (on by default without DNS_SERVERS): a test that wants it gives it a port.
    DEV_DNS_PORT: "0",
    ...options.env,
  };
  delete env.DATABASE_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;

  const [command, args] = options.nodeArgs
    ? [process.execPath, [...options.nodeArgs, "--import", "tsx", "scripts/start.ts"]]
    : [path.resolve("node_modules/.bin/tsx"), ["scripts/start.ts"]];
  const child: ChildProcess = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"], detached: options.detached ?? false });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const baseUrl = `http://127.0.0.1:${port}`;
  // A machine busy with other work may take longer to start five processes (TEST_SERVER_READY_SECONDS).
  const readySeconds = Number(process.env.TEST_SERVER_READY_SECONDS ?? 90);
  const deadline = Date.now() + readySeconds * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`test server exited early (code ${child.exitCode}); see ${logFile}`);
    try {
      const response = await fetch(`${baseUrl}/api/v1/health/ready`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`test server did not become ready in ${readySeconds} s; see ${logFile}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    baseUrl,
    dataDir,
    logFile,
    pid: child.pid!,
    exited,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
        await exited;
        clearTimeout(timer);
      }
      log.end();
    },
  };
}
