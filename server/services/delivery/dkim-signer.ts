// DKIM signing at delivery: one signature per message (all its recipients
// share it), with the domain's key cached briefly so a burst of messages
// from one domain opens the sealed key once, not per message.
import { createPrivateKey, type KeyObject } from "node:crypto";
import type { Readable } from "node:stream";
import DKIM from "nodemailer/lib/dkim";
import { dkimSigningKey } from "@/server/services/domains/dkim-keys";
import { testSenderSigningKey } from "@/server/services/messages/service-dkim-key";

const CACHE_MS = 60_000;
/** The key parsed once (not its PEM per signature). */
type SigningKey = { domain: string; selector: string; privateKey: KeyObject };
const cache = new Map<string, { key: Promise<SigningKey | null>; until: number }>();

function keyOf(domainId: string): Promise<SigningKey | null> {
  const at = Date.now();
  const cached = cache.get(domainId);
  if (cached && cached.until > at) return cached.key;
  if (cache.size > 10_000) cache.clear();
  const key = dkimSigningKey(domainId).then((found) =>
    found ? { domain: found.domain, selector: found.selector, privateKey: createPrivateKey(found.privateKey) } : null,
  );
  cache.set(domainId, { key, until: at + CACHE_MS });
  key.catch(() => cache.delete(domainId));
  return key;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * The message with a DKIM-Signature header for its domain, or the service's own
 * for the test sender (no domain of the account); unchanged when the domain is gone.
 */
export async function signMessage(
  raw: Buffer,
  domainId: string | null,
  fromDomain: string,
): Promise<{ raw: Buffer; signed: boolean; signingDomain: string | null }> {
  const key = domainId ? await keyOf(domainId) : await testSenderSigningKey(fromDomain);
  if (!key) return { raw, signed: false, signingDomain: null };
  const signer = new DKIM({ domainName: key.domain, keySelector: key.selector, privateKey: key.privateKey as never });
  return { raw: await readAll(signer.sign(raw) as Readable), signed: true, signingDomain: key.domain };
}
