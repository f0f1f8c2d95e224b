// Runs the child rspamd in the foreground (`rspamd -f`) under the engine
// supervisor (server/engines/supervise-engine.ts), as root dropping its
// workers to Debian's _rspamd user. Its log (console) goes to our log. Its
// sockets are bound long before its rules are loaded (~15-30 s), so it counts
// as serving only once its normal worker answers /ping.
import { presetSymbolsCache, rspamdUser } from "./write-rspamd-files";
import type { ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { stopLeftoverProcess } from "@/server/engines/process-checks";
import { type SupervisedEngine, superviseEngine } from "@/server/engines/supervise-engine";
import { logger } from "@/server/logger";
import type { RspamdLayout } from "./rspamd-config";
import { RSPAMD_BINARY } from "./rspamd-env";

const LOAD_TIMEOUT_MS = 180_000;

type Options = { layout: RspamdLayout; normalPort: number; onServing: (serving: boolean) => void };

/** The child's command line: Debian's main configuration, our directories. */
export function rspamdArgs(layout: RspamdLayout, asRoot: boolean): string[] {
  return [
    "-f",
    ...(asRoot ? ["-u", "_rspamd", "-g", "_rspamd"] : []),
    "-c",
    "/etc/rspamd/rspamd.conf",
    "--var",
    `LOCAL_CONFDIR=${layout.confDir}`,
    "--var",
    `RUNDIR=${layout.runDir}`,
    "--var",
    `DBDIR=${layout.dbDir}`,
    "--var",
    `LOGDIR=${layout.dir}`,
  ];
}

/** Whether the normal worker answers (GET /ping → "pong"). */
export async function rspamdAnswers(url: string, timeoutMs = 1_000): Promise<boolean> {
  try {
    const response = await fetch(new URL("/ping", url), { signal: AbortSignal.timeout(timeoutMs) });
    return response.ok && (await response.text()).trim() === "pong";
  } catch {
    return false;
  }
}

/** Lines with `warn`/`error`-ish markers count as such; the per-message lines rspamd writes are info. */
export function rspamdLogLevel(line: string): "error" | "warn" | "info" {
  if (/\b(crit|error|fatal)\b/i.test(line)) return "error";
  if (/\bwarn(ing)?\b/i.test(line)) return "warn";
  return "info";
}

function forwardLog(child: ChildProcess): void {
  const log = logger().child({ component: "rspamd" });
  for (const stream of [child.stdout, child.stderr]) {
    if (stream) createInterface({ input: stream }).on("line", (line) => log[rspamdLogLevel(line)](line));
  }
}

export function superviseRspamd(options: Options): SupervisedEngine {
  const url = `http://127.0.0.1:${options.normalPort}`;
  let generation = 0;
  const waitUntilServing = async (mine: number) => {
    const deadline = Date.now() + LOAD_TIMEOUT_MS;
    while (mine === generation && Date.now() < deadline) {
      if (await rspamdAnswers(url)) {
        if (mine === generation) options.onServing(true);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  };
  return superviseEngine({
    name: "rspamd",
    binary: RSPAMD_BINARY,
    args: rspamdArgs(options.layout, process.getuid?.() === 0),
    stdio: ["ignore", "pipe", "pipe"],
    readyAt: { port: options.normalPort },
    prepare: async () => {
      await stopLeftoverProcess(options.layout.pidFile, "rspamd");
      // Each start: a restart after a crash must be able to save its cache at stop as well.
      presetSymbolsCache(options.layout, process.getuid?.() === 0 ? rspamdUser() : null);
    },
    // Its own readiness (/ping), not the supervisor's 15 s wait for the port: loading can take longer.
    onSpawn: (child) => {
      forwardLog(child);
      generation += 1;
      void waitUntilServing(generation);
    },
    whileDown: "hosted-mailbox mail is not checked for spam",
    onStatus: (online) => {
      if (online) return;
      generation += 1;
      options.onServing(false);
    },
  });
}
