// Whether this instance's mail storage is up, and if not why, for the portal
// (Mailboxes page and dashboard) and the readiness check: the launcher runs
// Dovecot and writes each change to its status file, web workers read it
// (server/engines/engine-status.ts).
import type { Env } from "@/server/config/env";
import { engineStatusSince, readEngineStatus, writeEngineStatus } from "@/server/engines/engine-status";
import type { MailStorage, MailStorageStatus } from "@/shared/schemas/mail-storage";

export type MailStoreStatus = MailStorageStatus;

/** `reason`: why it is offline, for the account's people. */
export function writeMailStoreStatus(dataDir: string, status: "online" | "offline", reason?: string): void {
  writeEngineStatus(dataDir, "mail-store", status, status === "online" ? undefined : (reason ?? "Dovecot is not running"));
}

export function readMailStorage(config: Pick<Env, "dataDir" | "mailStore">): MailStorage {
  const { mode } = config.mailStore;
  if (mode === "off") return { status: "off", reason: "This server stores no mail (DOVECOT=off)." };
  if (mode === "external") return { status: "external", reason: null };
  const written = readEngineStatus(config.dataDir, "mail-store");
  if (!written) return { status: "offline", reason: "The mail storage has not started." };
  return written.state === "online"
    ? { status: "online", reason: null }
    : { status: "offline", reason: written.reason ?? "Dovecot is not running." };
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
  return { status, since: engineStatusSince(config.dataDir, "mail-store") };
}
