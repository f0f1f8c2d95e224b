// Whether this instance's mail storage is up, and if not why, for the portal
// (Mailboxes page and dashboard) and the readiness check. The launcher runs
// Dovecot and writes each change to a file in DATA_DIR; web workers read it
// (no connection to Dovecot per check, which would add a line to its log each
// time). The reason is for the account's people: no paths or secrets.
import { readFileSync, statSync, writeFileSync } from "node:fs";
import type { Env } from "@/server/config/env";
import type { MailStorage, MailStorageStatus } from "@/shared/schemas/mail-storage";

export type MailStoreStatus = MailStorageStatus;

const statusFile = (dataDir: string) => `${dataDir}/mail-store.status`;

/** First line the status, then the reason it is offline (if any). */
export function writeMailStoreStatus(dataDir: string, status: "online" | "offline", reason?: string): void {
  try {
    writeFileSync(statusFile(dataDir), status === "online" ? "online\n" : `offline\n${reason ?? "Dovecot is not running"}\n`);
  } catch {
    // the directory is gone (the data directory was removed under a running app): nothing to report to
  }
}

export function readMailStorage(config: Pick<Env, "dataDir" | "mailStore">): MailStorage {
  const { mode } = config.mailStore;
  if (mode === "off") return { status: "off", reason: "This server stores no mail (DOVECOT=off)." };
  if (mode === "external") return { status: "external", reason: null };
  let text: string;
  try {
    text = readFileSync(statusFile(config.dataDir), "utf8");
  } catch {
    return { status: "offline", reason: "The mail storage has not started." };
  }
  const [status, ...reason] = text.trim().split("\n");
  return status === "online"
    ? { status: "online", reason: null }
    : { status: "offline", reason: reason.join(" ") || "Dovecot is not running." };
}

export function readMailStoreStatus(config: Pick<Env, "dataDir" | "mailStore">): MailStoreStatus {
  return readMailStorage(config).status;
}

/**
 * The status with the time it was last written: the launcher writes it at each start and stop of Dovecot, so
 * a session opened before that time belongs to a Dovecot run that is over (docs/webmail.md, "Sessions").
 */
export function readMailStoreRun(config: Pick<Env, "dataDir" | "mailStore">): { status: MailStoreStatus; since: number } {
  const status = readMailStoreStatus(config);
  if (config.mailStore.mode !== "auto") return { status, since: 0 };
  try {
    return { status, since: statSync(statusFile(config.dataDir)).mtimeMs };
  } catch {
    return { status, since: 0 };
  }
}
