// Where "Spam"/"Not spam" teach rspamd (docs/spam-and-rules.md, "Teaching the
// filter"): the child's controller worker when it has a learning backend
// (REDIS_URL), or the operator's (RSPAMD=external with RSPAMD_CONTROLLER_URL).
// The launcher writes the child's address and password to a file only the
// service's user reads (web workers read it, as they read rspamd.status).
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { z } from "zod";
import type { Env } from "@/server/config/env";
import type { RspamdController } from "./rspamd-env";

const controllerFile = (dataDir: string) => `${dataDir}/rspamd.controller`;

const fileSchema = z.object({ url: z.string(), password: z.string().nullable() });

export function writeChildController(dataDir: string, controller: RspamdController | null): void {
  const file = controllerFile(dataDir);
  rmSync(file, { force: true });
  if (controller) writeFileSync(file, JSON.stringify(controller), { mode: 0o600 });
}

function readChildController(dataDir: string): RspamdController | null {
  try {
    const parsed = fileSchema.safeParse(JSON.parse(readFileSync(controllerFile(dataDir), "utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The controller to teach, or null when this instance's rspamd has no learning backend. */
export function learningController(config: Pick<Env, "dataDir" | "rspamd">): RspamdController | null {
  const { mode, redis, controller } = config.rspamd;
  if (mode === "external") return controller;
  if (mode === "auto" && redis) return readChildController(config.dataDir);
  return null;
}
