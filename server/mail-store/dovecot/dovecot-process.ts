// Runs Dovecot as a child process (`dovecot -F`) under the engine supervisor
// (server/engines/supervise-engine.ts): before each start, a master an
// earlier run left is stopped and a stale master.pid removed (a killed master
// leaves one and the next start then says "already running"). Its log lines
// (stderr) go to our log.
import { rmSync } from "node:fs";
import { createInterface } from "node:readline";
import { stopLeftoverProcess } from "@/server/engines/process-checks";
import { type SupervisedEngine, superviseEngine } from "@/server/engines/supervise-engine";
import { logger } from "@/server/logger";
import { dovecotLogLevel } from "./dovecot-log-level";

export const DOVECOT_BINARY = "/usr/sbin/dovecot";

type Options = {
  configFile: string;
  baseDir: string;
  lmtpPort: number;
  /** Called when it starts serving and when it stops. */
  onStatus: (online: boolean, failedStarts: number) => void;
};

export function superviseDovecot(options: Options): SupervisedEngine {
  const log = logger().child({ component: "dovecot" });
  const pidFile = `${options.baseDir}/master.pid`;
  return superviseEngine({
    name: "dovecot",
    binary: DOVECOT_BINARY,
    args: ["-F", "-c", options.configFile],
    stdio: ["ignore", "pipe", "pipe"],
    readyAt: { port: options.lmtpPort },
    prepare: async () => {
      await stopLeftoverProcess(pidFile, options.configFile);
      rmSync(pidFile, { force: true });
    },
    onSpawn: (child, isStopping) => {
      createInterface({ input: child.stderr! }).on("line", (line) => log[dovecotLogLevel(line, isStopping())](line));
      child.stdout!.resume();
    },
    whileDown: "mail storage is offline",
    onStatus: options.onStatus,
  });
}
