// Whether the spam filter answers, for /health/ready and the MX. The launcher
// runs the child rspamd and writes each change to its status file (web workers
// read it: server/engines/engine-status.ts); the MX runs in the launcher itself
// and reads the same state from memory.
import type { Env } from "@/server/config/env";
import { readEngineStatus, writeEngineStatus } from "@/server/engines/engine-status";

export type SpamFilterStatus = "online" | "offline" | "off" | "external";

let serving: string | null = null;

/** The child's URL while it answers (null while it loads or restarts): the MX asks it, else the mail goes unchecked. */
export const servingRspamdUrl = () => serving;

export function writeRspamdStatus(dataDir: string, status: "online" | "offline" | "off", url: string | null = null): void {
  serving = status === "online" ? url : null;
  writeEngineStatus(dataDir, "rspamd", status);
}

/** `off` also when RSPAMD=auto found no rspamd to run (not installed, or not root). */
export function readRspamdStatus(config: Pick<Env, "dataDir" | "rspamd">): SpamFilterStatus {
  const { mode } = config.rspamd;
  if (mode === "external") return "external";
  if (mode === "off") return "off";
  return readEngineStatus(config.dataDir, "rspamd")?.state ?? "offline";
}
