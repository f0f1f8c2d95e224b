// The service's own DKIM key, which signs the test sender's mail as
// d=<MAIL_HOSTNAME>. Read from SERVICE_DKIM_KEY_FILE, or generated once and
// kept under DATA_DIR like the other generated secrets, so restarts and
// sibling instances sign with the same key. The operator publishes its public
// half at <SERVICE_DKIM_SELECTOR>._domainkey.<MAIL_HOSTNAME> (docs/first-email.md).
import { generateKeyPairSync } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { env } from "@/server/config/env";
import type { DkimSigningKey } from "@/server/services/domains/dkim-keys";

let cachedPem: string | undefined;

function loadOrCreatePrivateKey(): string {
  const configured = env().SERVICE_DKIM_KEY_FILE;
  if (configured) return readFileSync(configured, "utf8");
  const file = path.join(env().dataDir, "service-dkim.pem");
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(env().dataDir, { recursive: true });
  const { privateKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
    publicKeyEncoding: { type: "spki", format: "pem" },
  });
  try {
    // "wx": another instance generating at the same moment must not overwrite ours.
    writeFileSync(file, privateKey, { mode: 0o600, flag: "wx" });
    return privateKey;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return readFileSync(file, "utf8");
  }
}

const servicePrivateKey = () => (cachedPem ??= loadOrCreatePrivateKey());

/** The signing key for mail from the service's own host. */
export function serviceDkimSigningKey(): DkimSigningKey {
  return {
    domainId: "",
    domain: env().mail.hostname,
    selector: env().SERVICE_DKIM_SELECTOR,
    privateKey: servicePrivateKey(),
    status: "verified",
  };
}

/** The key for a stored message without a domain of the account: the service's, for the test sender; null otherwise. */
export async function testSenderSigningKey(fromDomain: string): Promise<DkimSigningKey | null> {
  return fromDomain === env().mail.hostname ? serviceDkimSigningKey() : null;
}
