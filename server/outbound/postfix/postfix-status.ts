// Whether the outbound MTA is up, for /health/ready. The launcher runs the
// child Postfix and writes each change to a file in DATA_DIR; web workers
// read it (as they read the mail storage's state: mail-store-status.ts).
import { readFileSync, writeFileSync } from "node:fs";
import type { Env } from "@/server/config/env";

export type OutboundMtaStatus = "online" | "offline" | "off" | "external";

const statusFile = (dataDir: string) => `${dataDir}/postfix.status`;

export function writePostfixStatus(dataDir: string, status: "online" | "offline" | "off"): void {
  try {
    writeFileSync(statusFile(dataDir), `${status}\n`);
  } catch {
    // the data directory is gone under a running app: nothing to report to
  }
}

/** `off` also when POSTFIX=auto found no Postfix to run (not installed, not root, or SMTP_URL set). */
export function readPostfixStatus(config: Pick<Env, "dataDir" | "postfix">): OutboundMtaStatus {
  const { mode, wantsChild } = config.postfix;
  if (mode === "external") return "external";
  if (mode === "off" || !wantsChild) return "off";
  try {
    const status = readFileSync(statusFile(config.dataDir), "utf8").trim();
    return status === "online" || status === "off" ? status : "offline";
  } catch {
    return "offline";
  }
}
