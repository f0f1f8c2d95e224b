// Whether the outbound MTA is up, for /health/ready. The launcher runs the
// child Postfix and writes each change to its status file; web workers read it
// (server/engines/engine-status.ts).
import type { Env } from "@/server/config/env";
import { readEngineStatus, writeEngineStatus } from "@/server/engines/engine-status";

export type OutboundMtaStatus = "online" | "offline" | "off" | "external";

export function writePostfixStatus(dataDir: string, status: "online" | "offline" | "off"): void {
  writeEngineStatus(dataDir, "postfix", status);
}

/** `off` also when POSTFIX=auto found no Postfix to run (not installed, not root, or SMTP_URL set). */
export function readPostfixStatus(config: Pick<Env, "dataDir" | "postfix">): OutboundMtaStatus {
  const { mode, wantsChild } = config.postfix;
  if (mode === "external") return "external";
  if (mode === "off" || !wantsChild) return "off";
  return readEngineStatus(config.dataDir, "postfix")?.state ?? "offline";
}
