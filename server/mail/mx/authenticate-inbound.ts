// SPF, DKIM, DMARC and ARC of what arrives at the MX, checked with mailauth
// through DNS_SERVERS (else the system's resolvers), once per message and
// within a time limit: a resolver that does not answer makes the checks
// `temperror`, never a stuck session. Bounces and complaints are matched only
// by their verified return-path token whatever these say; the results are
// recorded with the events (and a mailbox delivery adds them as the
// Authentication-Results header).
import { Resolver } from "node:dns/promises";
import { authenticate } from "mailauth";
import { env } from "@/server/env";
import { AUTHENTICATION_TIME_LIMIT_MS } from "./mx-limits";

export type AuthenticationSummary = {
  spf: string;
  dkim: string;
  dmarc: string;
  arc: string;
  /** The sender domain's DMARC policy when DMARC was evaluated (none, quarantine, reject). */
  dmarcPolicy: string | null;
  /** `Authentication-Results: <MAIL_HOSTNAME>; …` (and Received-SPF) as mailauth wrote them. */
  headers: string;
};

export type AuthenticationInput = { ip: string; helo: string; mailFrom: string };

let resolver: Resolver | undefined;

function lookup(name: string, type: string) {
  if (!resolver) {
    resolver = new Resolver({ timeout: 2_000, tries: 2 });
    const servers = env().DNS_SERVERS;
    if (servers?.length) resolver.setServers(servers);
  }
  return resolver.resolve(name, type) as Promise<string[][] | string[]>;
}

const unavailable = (reason: string): AuthenticationSummary => ({
  spf: "temperror",
  dkim: "temperror",
  dmarc: "temperror",
  arc: "temperror",
  dmarcPolicy: null,
  headers: `Authentication-Results: ${env().mail.hostname}; none (${reason})`,
});

export async function authenticateInbound(raw: Buffer, input: AuthenticationInput): Promise<AuthenticationSummary> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<AuthenticationSummary>((resolve) => {
    timer = setTimeout(() => resolve(unavailable("checks timed out")), AUTHENTICATION_TIME_LIMIT_MS);
  });
  const checks = authenticate(raw, {
    ip: input.ip,
    helo: input.helo,
    sender: input.mailFrom,
    mta: env().mail.hostname,
    resolver: lookup,
    disableBimi: true,
  }).then(
    (result): AuthenticationSummary => {
      const signatures = result.dkim.results.map((signature) => signature.status.result);
      return {
        spf: result.spf ? result.spf.status.result : "none",
        dkim: signatures.includes("pass") ? "pass" : (signatures[0] ?? "none"),
        dmarc: result.dmarc ? result.dmarc.status.result : "none",
        arc: result.arc ? result.arc.status.result : "none",
        dmarcPolicy: result.dmarc ? result.dmarc.policy : null,
        headers: result.headers,
      };
    },
    () => unavailable("checks failed"),
  );
  try {
    return await Promise.race([checks, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
