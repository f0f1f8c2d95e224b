// The MTA-STS resolver beside the child Postfix (docs/delivery.md, "TLS
// policies"). MTA_STS=auto runs Debian's mta-sts-daemon when it is installed,
// with a CA bundle to verify policy hosts and mail servers against, and (with
// DNS_SERVERS) a mount namespace for its own resolv.conf; otherwise Postfix
// delivers with opportunistic TLS and the launcher's log says why.
import { chownSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { freeLoopbackPort } from "@/server/engines/free-port";
import { mtaStsLayout, renderMtaStsConfig } from "@/server/outbound/postfix/mta-sts-config";
import { canUseOwnResolver, MTA_STS_BINARY, MTA_STS_USER, superviseMtaSts } from "@/server/outbound/postfix/mta-sts-process";
import { renderResolvConf } from "@/server/outbound/postfix/postfix-config";
import type { PostfixSettings } from "@/server/outbound/postfix/postfix-env";
import { systemUser } from "@/server/outbound/postfix/postfix-user";

export type MtaStsResolver = {
  /** The socketmap port Postfix asks (smtp_tls_policy_maps), or null when it does not run. */
  port: number | null;
  /** One line for the launcher's log. */
  description: string;
  stop: () => Promise<void>;
};

const notRunning = (why: string): MtaStsResolver => ({
  port: null,
  description: `MTA-STS not enforced: ${why}`,
  stop: async () => {},
});

/**
 * `root`: the state root the child Postfix uses (its directory is root/postfix). `onStatus`: when the resolver
 * starts answering and when it stops (never called when it does not run).
 */
export async function startMtaSts(
  settings: PostfixSettings,
  root: string,
  caFile: string | null,
  onStatus: (online: boolean) => void,
): Promise<MtaStsResolver> {
  if (settings.mtaSts === "off") return notRunning("MTA_STS=off");
  const user = systemUser(MTA_STS_USER);
  if (!existsSync(MTA_STS_BINARY) || !user) {
    return notRunning(
      "install Debian's postfix-mta-sts-resolver (`apt-get install postfix-mta-sts-resolver`) to enforce recipients' policies",
    );
  }
  if (!caFile)
    return notRunning("no certificate authorities to verify servers against (install ca-certificates or set OUTBOUND_TLS_CA_FILE)");
  const ownResolver = settings.dnsServers.length > 0;
  if (ownResolver && !canUseOwnResolver()) {
    return notRunning(
      "DNS_SERVERS is set and the resolver cannot get a resolv.conf of its own here (no mount namespaces: `unshare --mount` failed)",
    );
  }
  const layout = mtaStsLayout(root);
  const port = await freeLoopbackPort();
  // The parents first: mkdir's mode would apply to every level it creates, and _mta-sts must pass through them.
  mkdirSync(path.dirname(layout.dir), { recursive: true, mode: 0o755 });
  mkdirSync(layout.dir, { recursive: true, mode: 0o700 });
  chownSync(layout.dir, user.uid, user.gid);
  writeFileSync(layout.configFile, renderMtaStsConfig({ port, cacheFile: layout.cacheFile }), { mode: 0o644 });
  if (ownResolver) writeFileSync(layout.resolvConfFile, renderResolvConf(settings.dnsServers), { mode: 0o644 });
  const resolver = superviseMtaSts({ layout, port, caFile, ownResolver, onStatus });
  const ready = await resolver.ready(15_000);
  const dns = ownResolver ? `DNS ${settings.dnsServers.join(", ")}` : "the system's DNS";
  return {
    port,
    description: `MTA-STS: mta-sts-daemon${ready ? "" : " did not start yet (see its log lines; deliveries wait for it);"} on 127.0.0.1:${port} through ${dns}, trusting ${caFile}`,
    stop: resolver.stop,
  };
}
