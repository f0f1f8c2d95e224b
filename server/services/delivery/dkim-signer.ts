// DKIM signing at delivery: one signature per message (all its recipients
// share it), with the domain's key cached briefly so a burst of messages
// from one domain opens the sealed key once, not per message.
import { createPrivateKey, type KeyObject } from "node:crypto";
import type { Readable } from "node:stream";
import DKIM from "nodemailer/lib/dkim";
import { dkimSigningKey } from "@/server/services/domains/dkim-keys";
import { testSenderSigningKey } from "@/server/services/messages/service-dkim-key";

const CACHE_MS = 60_000;

/**
 * The fields the signature covers when present: RFC 6376's list (nodemailer's default) plus the ones mailbox
 * providers act on only when signed (RFC 8058's List-Unsubscribe-Post, Feedback-ID), the customer's own included.
 */
const SIGNED_FIELDS = [
  "From",
  "Sender",
  "Reply-To",
  "Subject",
  "Date",
  "Message-ID",
  "To",
  "Cc",
  "MIME-Version",
  "Content-Type",
  "Content-Transfer-Encoding",
  "Content-ID",
  "Content-Description",
  "Resent-Date",
  "Resent-From",
  "Resent-Sender",
  "Resent-To",
  "Resent-Cc",
  "Resent-Message-ID",
  "In-Reply-To",
  "References",
  "List-Id",
  "List-Help",
  "List-Unsubscribe",
  "List-Unsubscribe-Post",
  "List-Subscribe",
  "List-Post",
  "List-Owner",
  "List-Archive",
  "Feedback-ID",
].join(":");
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
  const signer = new DKIM({
    domainName: key.domain,
    keySelector: key.selector,
    privateKey: key.privateKey as never,
    headerFieldNames: SIGNED_FIELDS,
  });
  return { raw: await readAll(signer.sign(raw) as Readable), signed: true, signingDomain: key.domain };
}
