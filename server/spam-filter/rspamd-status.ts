// Whether the spam filter answers, for /health/ready and the MX. The launcher
// runs the child rspamd and writes each change to a file in DATA_DIR (web
// workers read it, as they read Postfix's: postfix-status.ts); the MX runs in
// the launcher itself and reads the same state from memory.
import { readFileSync, writeFileSync } from "node:fs";
import type { Env } from "@/server/config/env";

export type SpamFilterStatus = "online" | "offline" | "off" | "external";

const statusFile = (dataDir: string) => `${dataDir}/rspamd.status`;

let serving: string | null = null;

/** The child's URL while it answers (null while it loads or restarts): the MX asks it, else the mail goes unchecked. */
export const servingRspamdUrl = () => serving;

export function writeRspamdStatus(dataDir: string, status: "online" | "offline" | "off", url: string | null = null): void {
  serving = status === "online" ? url : null;
  try {
    writeFileSync(statusFile(dataDir), `${status}\n`);
  } catch {
    // the data directory is gone under a running app: nothing to report to
  }
}

/** `off` also when RSPAMD=auto found no rspamd to run (not installed, or not root). */
export function readRspamdStatus(config: Pick<Env, "dataDir" | "rspamd">): SpamFilterStatus {
  const { mode } = config.rspamd;
  if (mode === "external") return "external";
  if (mode === "off") return "off";
  try {
    const status = readFileSync(statusFile(config.dataDir), "utf8").trim();
    return status === "online" || status === "off" ? status : "offline";
  } catch {
    return "offline";
  }
}
