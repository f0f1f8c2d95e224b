// DKIM verification of an inbound message with a bounded cost: mailauth
// checks signatures one after another, each waiting for its key record, so a
// message carrying many signatures whose key domains never answer could hold
// the checks past their time limit (docs/security.md, "MX limits"). Only
// MAX_DKIM_SIGNATURES signatures are verified, those whose d= aligns with the
// From domain first (the ones DMARC can use), and their key records are all
// asked for at once. The rest are left out of the results.
import {
  type DKIMVerifyOptions,
  type DKIMVerifyResult,
  DkimVerifier,
  type SignatureHeader,
  writeToStream,
} from "@/server/mailauth/mailauth";
import { MAX_DKIM_SIGNATURES } from "../mx-limits";

type Lookup = (name: string, type: string) => Promise<unknown>;

/** Same domain, a subdomain either way, or the same last two labels: DMARC's relaxed alignment, near enough to rank by. */
export function isAligned(signingDomain: string | undefined, fromDomain: string | undefined): boolean {
  if (!signingDomain || !fromDomain) return false;
  const [a, b] = [signingDomain.toLowerCase(), fromDomain.toLowerCase()];
  if (a === b || a.endsWith(`.${b}`) || b.endsWith(`.${a}`)) return true;
  const tail = (domain: string) => domain.split(".").slice(-2).join(".");
  return tail(a) === tail(b) && a.includes(".");
}

/** The DKIM signatures to verify: aligned ones first, at most `limit`; other signature kinds (ARC's) stay. */
export function signaturesToVerify(signatures: SignatureHeader[], fromDomain: string | undefined, limit: number): SignatureHeader[] {
  const dkim = signatures.filter((signature) => signature.type === "DKIM");
  const ranked = [
    ...dkim.filter((signature) => isAligned(signature.signingDomain, fromDomain)),
    ...dkim.filter((signature) => !isAligned(signature.signingDomain, fromDomain)),
  ];
  return [...ranked.slice(0, limit), ...signatures.filter((signature) => signature.type !== "DKIM")];
}

class CappedDkimVerifier extends DkimVerifier {
  constructor(
    options: DKIMVerifyOptions,
    private readonly lookup: Lookup,
  ) {
    super(options);
  }

  override async messageHeaders(headers: unknown): Promise<void> {
    await super.messageHeaders(headers);
    const fromDomain = this.headerFrom[0]?.split("@").pop();
    this.signatureHeaders = signaturesToVerify(this.signatureHeaders, fromDomain, MAX_DKIM_SIGNATURES);
    // Ask for every key now; the verifier's own lookups, one by one, then find them in the message's cache.
    for (const signature of this.signatureHeaders) {
      if (signature.invalid || signature.skip || !signature.selector || !signature.signingDomain) continue;
      this.lookup(`${signature.selector}._domainkey.${signature.signingDomain}`, "TXT").catch(() => {});
    }
  }
}

/** mailauth's dkimVerify, with the cap above; `options.resolver` should cache answers for the message. */
export async function verifyDkimSignatures(raw: Buffer, options: DKIMVerifyOptions & { resolver: Lookup }): Promise<DKIMVerifyResult> {
  const verifier = new CappedDkimVerifier(options, options.resolver);
  await writeToStream(verifier, raw);
  const result = {
    headerFrom: verifier.headerFrom,
    fromFields: verifier.fromFields,
    envelopeFrom: verifier.envelopeFrom,
    results: verifier.results,
  } as DKIMVerifyResult;
  // As mailauth's dkimVerify: the ARC chain read on the way rides along, out of sight of JSON.
  Object.defineProperty(result, "arc", { enumerable: false, value: verifier.arc });
  return result;
}
