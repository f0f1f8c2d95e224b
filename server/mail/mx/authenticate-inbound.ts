// SPF, DKIM, DMARC and ARC of what arrives at the MX, checked with mailauth's
// verifiers (the same steps as its authenticate(), without BIMI, whose
// module loads an HTTP client Node 20 cannot run and which an MX does not
// need), through DNS_SERVERS (else the system's resolvers, after the development
// DNS outside production: server/dns/create-lookup-resolver.ts), once per message and
// within a time limit: a resolver that does not answer makes the checks
// `temperror`, never a stuck session. Bounces and complaints are matched only
// by their verified return-path token whatever these say; the results are
// recorded with the events (and a mailbox delivery adds them as the
// Authentication-Results header).
import { arc } from "mailauth/lib/arc";
import { dkimVerify } from "mailauth/lib/dkim/verify";
import { evaluateDmarc } from "mailauth/lib/dmarc";
import { spf } from "mailauth/lib/spf";
import { createLookupResolver, type ResolveRecords } from "@/server/dns/create-lookup-resolver";
import { env } from "@/server/env";
import { AUTHENTICATION_TIME_LIMIT_MS } from "./mx-limits";

export type AuthenticationSummary = {
  spf: string;
  dkim: string;
  dmarc: string;
  arc: string;
  /** The sender domain's DMARC policy when DMARC was evaluated (none, quarantine, reject). */
  dmarcPolicy: string | null;
  /** `Authentication-Results: <MAIL_HOSTNAME>; …` from mailauth's results, for a mailbox delivery to prepend. */
  headers: string;
};

export type AuthenticationInput = { ip: string; helo: string; mailFrom: string };

let resolver: ResolveRecords | undefined;

function lookup(name: string, type: string) {
  resolver ??= createLookupResolver();
  return resolver(name, type) as Promise<string[][] | string[]>;
}

const unavailable = (reason: string): AuthenticationSummary => ({
  spf: "temperror",
  dkim: "temperror",
  dmarc: "temperror",
  arc: "temperror",
  dmarcPolicy: null,
  headers: `Authentication-Results: ${env().mail.hostname}; none (${reason})`,
});

async function verify(raw: Buffer, input: AuthenticationInput): Promise<AuthenticationSummary> {
  const dkim = await dkimVerify(raw, { resolver: lookup, sender: input.mailFrom });
  const helo = /^[\d.]+$|:/.test(input.helo) ? `[${input.helo}]` : input.helo || `[${input.ip}]`;
  const spfResult = await spf({ ip: input.ip, helo, sender: input.mailFrom, mta: env().mail.hostname, resolver: lookup });
  const arcResult = dkim.arc ? await arc(dkim.arc as Parameters<typeof arc>[0], { resolver: lookup, ip: input.ip }) : null;
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
        resolver: lookup,
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
    dmarc: dmarc ? dmarc.status.result : "none",
    arc: arcResult ? arcResult.status.result : "none",
    dmarcPolicy: dmarc ? (dmarc.policy ?? null) : null,
    headers: `Authentication-Results: ${env().mail.hostname};\r\n ${infos.filter(Boolean).join(";\r\n ")}`,
  };
}

export async function authenticateInbound(raw: Buffer, input: AuthenticationInput): Promise<AuthenticationSummary> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<AuthenticationSummary>((resolve) => {
    timer = setTimeout(() => resolve(unavailable("checks timed out")), AUTHENTICATION_TIME_LIMIT_MS);
  });
  const checks = verify(raw, input).catch(() => unavailable("checks failed"));
  try {
    return await Promise.race([checks, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
