// The MTA-STS resolver's files (docs/delivery.md, "TLS policies"): Debian's
// mta-sts-daemon answers the child Postfix's TLS policy lookups over a
// socketmap on loopback, and keeps the policies it fetched in an SQLite cache
// that survives restarts (a policy holds for its max_age, also while its
// domain's DNS or web server cannot be reached).
import path from "node:path";

export type MtaStsLayout = {
  /** Owned by the resolver's user: its cache lives here. */
  dir: string;
  configFile: string;
  cacheFile: string;
  /** DNS_SERVERS as the resolver's /etc/resolv.conf (mta-sts-process.ts). */
  resolvConfFile: string;
  /** Written by the launcher: a resolver left by a launcher killed outright is stopped at the next start. */
  pidFile: string;
};

export function mtaStsLayout(root: string): MtaStsLayout {
  const dir = path.join(root, "postfix", "mta-sts");
  return {
    dir,
    configFile: path.join(dir, "mta-sts-daemon.yml"),
    cacheFile: path.join(dir, "cache.db"),
    resolvConfFile: path.join(dir, "resolv.conf"),
    pidFile: path.join(dir, "daemon.pid"),
  };
}

/** mta-sts-daemon.yml(5). `reuse_port` stays on: version 1.1.2 cannot bind with it off. */
export function renderMtaStsConfig(input: { port: number; cacheFile: string }): string {
  return [
    "# Written by the service at each start: edits are lost (docs/delivery.md).",
    "host: 127.0.0.1",
    `port: ${input.port}`,
    "reuse_port: true",
    "shutdown_timeout: 5",
    "cache:",
    "  type: sqlite",
    "  options:",
    `    filename: ${JSON.stringify(input.cacheFile)}`,
    // Policies are refreshed in the background before they expire, not only when mail for the domain waits.
    "proactive_policy_fetching:",
    "  enabled: true",
    "default_zone:",
    // RFC 8461: a policy in `testing` mode is reported on, not enforced.
    "  strict_testing: false",
    "  timeout: 4",
    "  require_sni: true",
    "",
  ].join("\n");
}
