// Whether this instance's mail storage is up, for the portal ("mail storage is
// offline") and the readiness check. The launcher runs Dovecot and writes each
// change to a file under DATA_DIR; web workers read it (no connection to
// Dovecot per check, which would add a line to its log each time).
import { readFileSync, writeFileSync } from "node:fs";
import type { Env } from "@/server/env";

export type MailStoreStatus = "online" | "offline" | "off" | "external";

const statusFile = (dataDir: string) => `${dataDir}/dovecot/status`;

export function writeMailStoreStatus(dataDir: string, status: "online" | "offline"): void {
  try {
    writeFileSync(statusFile(dataDir), status);
  } catch {
    // the directory is gone (the data directory was removed under a running app): nothing to report to
  }
}

export function readMailStoreStatus(config: Pick<Env, "dataDir" | "mailStore">): MailStoreStatus {
  if (config.mailStore.mode !== "auto") return config.mailStore.mode;
  try {
    return readFileSync(statusFile(config.dataDir), "utf8").trim() === "online" ? "online" : "offline";
  } catch {
    return "offline";
  }
}
