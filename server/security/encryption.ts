// Secrets at rest: AES-256-GCM with the key id stored beside the ciphertext,
// so keys can rotate (the first configured key encrypts, every key decrypts).
// Format: v1.<keyId>.<iv>.<tag>.<ciphertext>, base64url parts.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { env } from "@/server/config/env";

const VERSION = "v1";

export function encryptSecret(plaintext: string, associatedData = ""): string {
  const [current] = env().encryptionKeys;
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", current!.key, iv);
  cipher.setAAD(Buffer.from(associatedData));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, current!.id, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), ciphertext.toString("base64url")].join(
    ".",
  );
}

/** `associatedData` binds a ciphertext to its owner (e.g. an account id) so it cannot be moved to another row. */
export function decryptSecret(sealed: string, associatedData = ""): string {
  const [version, keyId, iv, tag, ciphertext] = sealed.split(".");
  if (version !== VERSION || !keyId || !iv || !tag || ciphertext === undefined) throw new Error("Unrecognised encrypted value");
  const key = env().encryptionKeys.find((candidate) => candidate.id === keyId);
  if (!key) throw new Error(`Encryption key ${keyId} is not configured`);
  const decipher = createDecipheriv("aes-256-gcm", key.key, Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(associatedData));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
}
