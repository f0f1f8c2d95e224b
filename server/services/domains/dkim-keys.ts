// DKIM keys: one RSA-2048 pair per domain. The public half is published by the
// customer (`p=` of the DKIM record); the private half is sealed at rest, bound
// to its domain id, and opened only to sign that domain's messages.
import { generateKeyPair, randomBytes } from "node:crypto";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { db } from "@/server/db/client";
import { sendingDomains } from "@/server/db/schema";
import { decryptSecret, encryptSecret } from "@/server/security/encryption";

const generateRsaKeyPair = promisify(generateKeyPair);

export type DkimKeyPair = { selector: string; publicKey: string; privateKeySealed: string };

const sealContext = (domainId: string) => `dkim:${domainId}`;

/** A fresh selector and key pair for a new domain. The selector is unique per domain so keys can rotate later. */
export async function generateDkimKeyPair(domainId: string): Promise<DkimKeyPair> {
  const { publicKey, privateKey } = await generateRsaKeyPair("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "der" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
  return {
    selector: `ces${randomBytes(4).toString("hex")}`,
    publicKey: publicKey.toString("base64"),
    privateKeySealed: encryptSecret(privateKey, sealContext(domainId)),
  };
}

/** The DKIM record's value for a public key. */
export const dkimRecordValue = (publicKey: string) => `v=DKIM1; k=rsa; p=${publicKey}`;

export type DkimSigningKey = {
  domainId: string;
  /** The `d=` of a DKIM-Signature. */
  domain: string;
  /** The `s=` of a DKIM-Signature. */
  selector: string;
  /** PKCS#8 PEM. Keep it in memory only for the signing. */
  privateKey: string;
  status: string;
};

/** What the sending API needs to sign a message from this domain; null for an unknown domain. */
export async function dkimSigningKey(domainId: string): Promise<DkimSigningKey | null> {
  const [row] = await db()
    .select({
      id: sendingDomains.id,
      name: sendingDomains.name,
      status: sendingDomains.status,
      selector: sendingDomains.dkimSelector,
      sealed: sendingDomains.dkimPrivateKeySealed,
    })
    .from(sendingDomains)
    .where(eq(sendingDomains.id, domainId))
    .limit(1);
  if (!row) return null;
  return {
    domainId: row.id,
    domain: row.name,
    selector: row.selector,
    privateKey: decryptSecret(row.sealed, sealContext(row.id)),
    status: row.status,
  };
}
