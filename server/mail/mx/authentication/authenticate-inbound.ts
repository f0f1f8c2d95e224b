// SPF, DKIM, DMARC and ARC of what arrives at the MX, checked with mailauth's
// verifiers (the same steps as its authenticate(), without BIMI, whose
// module loads an HTTP client Node 20 cannot run and which an MX does not
// need), through DNS_SERVERS (else the system's resolvers, after the development
// DNS outside production: server/dns/create-lookup-resolver.ts), once per message and
// within a time limit: a resolver that does not answer makes the checks
// `temperror`, never a stuck session. The From domain's DMARC policy is asked
// for first, alongside the rest, so it is known even when the other checks run
// out of time (a mailbox delivery then defers the message rather than let a
// forged From of a p=reject domain through: docs/mailboxes.md, "Receiving
// mail"); DKIM verifies a bounded number of signatures
// (verify-dkim-signatures.ts), SPF runs beside it, and every DNS answer is
// shared within the message. Bounces and complaints are matched only
// by their verified return-path token whatever these say; the results are
// recorded with the events (and a mailbox delivery adds them as the
// Authentication-Results header).
import addressparser from "nodemailer/lib/addressparser";
import { createLookupResolver, type ResolveRecords } from "@/server/dns/create-lookup-resolver";
import { env } from "@/server/config/env";
import { arc, evaluateDmarc, getDmarcRecord, spf } from "@/server/mailauth/mailauth";
import { AUTHENTICATION_TIME_LIMIT_MS, MAX_HEADER_BYTES } from "../mx-limits";
import { verifyDkimSignatures } from "./verify-dkim-signatures";

export type AuthenticationSummary = {
  spf: string;
  dkim: string;
  /** Each verified signature's signing domain (d=) and result, as DKIM checked them. */
  dkimSignatures: { domain: string; result: string }[];
  dmarc: string;
  arc: string;
  /** The sender domain's DMARC policy when DMARC was evaluated (none, quarantine, reject). */
  dmarcPolicy: string | null;
  /** False when the checks timed out or failed: every result is then `temperror`. */
  complete: boolean;
  /**
   * The From domain's published policy, looked up first on its own: `absent`
   * (no record, or no From domain), none, quarantine, reject (the strictest
   * that may apply to the domain), or `unknown` when the lookup did not finish.
   */
  senderPolicy: SenderPolicy;
  /** `Authentication-Results: <MAIL_HOSTNAME>; …` from mailauth's results, for a mailbox delivery to prepend. */
  headers: string;
};

export type SenderPolicy = "absent" | "none" | "quarantine" | "reject" | "unknown";

export type AuthenticationInput = { ip: string; helo: string; mailFrom: string };

let resolver: ResolveRecords | undefined;

function lookup(name: string, type: string) {
  resolver ??= createLookupResolver();
  return resolver(name, type) as Promise<string[][] | string[]>;
}

/** One message's lookups: each name and type is asked once, however many checks want it. */
function messageLookup() {
  const answers = new Map<string, Promise<string[][] | string[]>>();
  return (name: string, type: string) => {
    const key = `${type} ${name.toLowerCase()}`;
    let answer = answers.get(key);
    if (!answer) {
      answer = lookup(name, type);
      answer.catch(() => {});
      answers.set(key, answer);
    }
    return answer;
  };
}

const unavailable = (reason: string, senderPolicy: SenderPolicy): AuthenticationSummary => ({
  spf: "temperror",
  dkim: "temperror",
  dkimSignatures: [],
  dmarc: "temperror",
  arc: "temperror",
  dmarcPolicy: null,
  complete: false,
  senderPolicy,
  headers: `Authentication-Results: ${env().mail.hostname}; none (${reason})`,
});

/** The domain of the first address of the From header (the author domain DMARC looks at), or null. */
export function fromDomainOf(raw: Buffer): string | null {
  const window = raw.subarray(0, MAX_HEADER_BYTES + 4).toString("latin1");
  const end = window.search(/\r?\n\r?\n/);
  const header = end === -1 ? window : window.slice(0, end);
  const field = /^from[ \t]*:(.*(?:\r?\n[ \t].*)*)/im.exec(header);
  if (!field) return null;
  const parsed = addressparser(field[1]!.replace(/\r?\n/g, " "), { flatten: true });
  const address = parsed.find((entry) => entry.address?.includes("@"))?.address;
  return address ? address.slice(address.lastIndexOf("@") + 1).toLowerCase() || null : null;
}

const STRICTNESS: SenderPolicy[] = ["absent", "none", "quarantine", "reject"];

/** The strictest policy the From domain's record may apply (p; sp and np when it is inherited from the organisational domain). */
async function senderPolicyOf(fromDomain: string | null, resolve: ReturnType<typeof messageLookup>): Promise<SenderPolicy> {
  if (!fromDomain) return "absent";
  const record = await getDmarcRecord(fromDomain, resolve);
  if (!record) return "absent";
  const tags = record.isOrgRecord ? [record.sp ?? record.p, record.np] : [record.p];
  const policies = tags.filter((tag): tag is SenderPolicy => !!tag && STRICTNESS.includes(tag as SenderPolicy));
  // A record without a usable p= still asks for DMARC: treat it as the cautious "quarantine".
  if (policies.length === 0) return "quarantine";
  return policies.reduce((a, b) => (STRICTNESS.indexOf(a) >= STRICTNESS.indexOf(b) ? a : b));
}

async function verify(raw: Buffer, input: AuthenticationInput, resolve: ReturnType<typeof messageLookup>): Promise<AuthenticationSummary> {
  const helo = /^[\d.]+$|:/.test(input.helo) ? `[${input.helo}]` : input.helo || `[${input.ip}]`;
  // DKIM and SPF ask different names: side by side, not one after the other.
  const [dkim, spfResult] = await Promise.all([
    verifyDkimSignatures(raw, { resolver: resolve, sender: input.mailFrom }),
    spf({ ip: input.ip, helo, sender: input.mailFrom, mta: env().mail.hostname, resolver: resolve }),
  ]);
  const arcResult = dkim.arc ? await arc(dkim.arc as Parameters<typeof arc>[0], { resolver: resolve, ip: input.ip }) : null;
  const { response: dmarc } = dkim.headerFrom.length
    ? await evaluateDmarc({
        headerFrom: dkim.headerFrom,
        fromFields: dkim.fromFields,
        spfDomains: spfResult && spfResult.status.result === "pass" && spfResult.domain ? [spfResult.domain] : [],
        dkimDomains: dkim.results
          .filter((signature) => signature.status.result === "pass" && signature.signingDomain)
          .map((signature) => ({
            id: signature.id,
            domain: signature.signingDomain!,
            aligned: signature.status.aligned,
            underSized: signature.status.underSized,
          })),
        arcResult: arcResult ?? undefined,
        resolver: resolve,
      })
    : { response: false as const };
  const signatures = dkim.results.map((signature) => signature.status.result);
  const infos = [
    ...dkim.results.map((signature) => signature.info),
    spfResult ? spfResult.info : "",
    arcResult?.info ?? "",
    dmarc ? dmarc.info : "",
  ];
  return {
    spf: spfResult ? spfResult.status.result : "none",
    dkim: signatures.includes("pass") ? "pass" : (signatures[0] ?? "none"),
    dkimSignatures: dkim.results.map((signature) => ({ domain: signature.signingDomain ?? "", result: signature.status.result })),
    dmarc: dmarc ? dmarc.status.result : "none",
    arc: arcResult ? arcResult.status.result : "none",
    dmarcPolicy: dmarc ? (dmarc.policy ?? null) : null,
    complete: true,
    senderPolicy: "unknown",
    headers: `Authentication-Results: ${env().mail.hostname};\r\n ${infos.filter(Boolean).join(";\r\n ")}`,
  };
}

export async function authenticateInbound(
  raw: Buffer,
  input: AuthenticationInput,
  timeLimitMs = AUTHENTICATION_TIME_LIMIT_MS,
): Promise<AuthenticationSummary> {
  const resolve = messageLookup();
  let senderPolicy: SenderPolicy = "unknown";
  const policy = senderPolicyOf(fromDomainOf(raw), resolve)
    .then((found) => {
      senderPolicy = found;
      return found;
    })
    .catch((): SenderPolicy => "unknown");
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeLimitMs);
  });
  const checks = verify(raw, input, resolve).catch(() => "failed" as const);
  try {
    const result = await Promise.race([checks, timeout]);
    // Checks that failed early still wait for the policy, within the same time limit.
    const known = await Promise.race([policy, timeout.then(() => senderPolicy)]);
    if (result && result !== "failed") return { ...result, senderPolicy: known };
    return unavailable(result ? "checks failed" : "checks timed out", known);
  } finally {
    clearTimeout(timer);
  }
}
