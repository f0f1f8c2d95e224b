// The state of each child engine the launcher runs, for the processes that do
// not run it (the portal, /health/ready): the launcher writes each change to a
// file in DATA_DIR and web workers read it, so no check opens a connection to
// the engine (which would add a line to its log each time). First line the
// state, then the reason it is offline (if any): the reason is for the
// account's people, no paths or secrets.
import { readFileSync, statSync, writeFileSync } from "node:fs";

const ENGINES = ["mail-store", "postfix", "rspamd"] as const;
export type Engine = (typeof ENGINES)[number];
export type EngineState = "online" | "offline" | "off";

const fileName = (engine: Engine) => `${engine}.status`;
const statusFile = (dataDir: string, engine: Engine) => `${dataDir}/${fileName(engine)}`;

/** The status files at the top of DATA_DIR (the service's own, for `npm run clean-data`). */
export const ENGINE_STATUS_FILES = ENGINES.map(fileName);

export function writeEngineStatus(dataDir: string, engine: Engine, state: EngineState, reason?: string): void {
  try {
    writeFileSync(statusFile(dataDir, engine), reason === undefined ? `${state}\n` : `${state}\n${reason}\n`);
  } catch {
    // the directory is gone (the data directory was removed under a running app): nothing to report to
  }
}

/** The state last written (anything unreadable counts as offline) and its reason, or null when none was written. */
export function readEngineStatus(dataDir: string, engine: Engine): { state: EngineState; reason: string | null } | null {
  let text: string;
  try {
    text = readFileSync(statusFile(dataDir, engine), "utf8");
  } catch {
    return null;
  }
  const [state, ...reason] = text.trim().split("\n");
  return { state: state === "online" || state === "off" ? state : "offline", reason: reason.join(" ") || null };
}

/** When the state was last written (ms since the epoch), or 0 when it never was. */
export function engineStatusSince(dataDir: string, engine: Engine): number {
  try {
    return statSync(statusFile(dataDir, engine)).mtimeMs;
  } catch {
    return 0;
  }
}
