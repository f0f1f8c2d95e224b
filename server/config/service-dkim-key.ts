// The service's own DKIM key, which signs mail from the service's host as
// d=<MAIL_HOSTNAME> (the test sender's, and the service's own emails through
// EMAIL_TRANSPORT=outbound). Read from SERVICE_DKIM_KEY_FILE, or generated once and
// kept under DATA_DIR like the other generated secrets, so restarts and
// sibling instances sign with the same key. The operator publishes its public
// half at <SERVICE_DKIM_SELECTOR>._domainkey.<MAIL_HOSTNAME> (docs/first-email.md).
import { generateKeyPairSync } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { env } from "./env";

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

/** The key for mail from the service's own host: `d=` domain, `s=` selector, PKCS#8 PEM (keep it in memory only for the signing). */
export function serviceDkimKey(): { domain: string; selector: string; privateKey: string } {
  return { domain: env().mail.hostname, selector: env().SERVICE_DKIM_SELECTOR, privateKey: (cachedPem ??= loadOrCreatePrivateKey()) };
}
