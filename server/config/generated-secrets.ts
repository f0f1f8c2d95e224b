// Secrets generated outside production when none is configured, kept under
// DATA_DIR so restarts and sibling instances agree on them (docs/configuration.md).
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export type GeneratedSecrets = { authSecret: string; encryptionKey: string };

export function loadOrCreateSecrets(dataDir: string): GeneratedSecrets {
  const file = path.join(dataDir, "secrets.json");
  try {
    return JSON.parse(readFileSync(file, "utf8")) as GeneratedSecrets;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secrets: GeneratedSecrets = {
    authSecret: randomBytes(32).toString("base64url"),
    encryptionKey: randomBytes(32).toString("hex"),
  };
  try {
    // "wx": another instance starting at the same moment must not overwrite ours.
    writeFileSync(file, JSON.stringify(secrets), { mode: 0o600, flag: "wx" });
    return secrets;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return JSON.parse(readFileSync(file, "utf8")) as GeneratedSecrets;
  }
}

/** Outside production the sandbox gateway is on; without a configured secret it gets a generated one, kept like the others. */
export function loadOrCreateSandboxSecret(dataDir: string): string {
  const file = path.join(dataDir, "sandbox-webhook-secret");
  try {
    return readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  try {
    writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return readFileSync(file, "utf8").trim();
  }
}
