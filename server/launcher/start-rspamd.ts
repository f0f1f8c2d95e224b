// The spam filter for this instance (docs/spam-and-rules.md). RSPAMD=auto
// runs Debian's rspamd as a child when it is installed and the service runs
// as root, its configuration written under the service's state directory at
// each start; RSPAMD=external asks the operator's at RSPAMD_URL; off: none.
// The launcher does not wait for the child to load (it takes ~30 s): until it
// answers, the MX treats it as down (docs/spam-and-rules.md, "When rspamd is down").
import { randomBytes } from "node:crypto";
import path from "node:path";
import type { Env } from "@/server/config/env";
import { blockingParent, prepareStateRoot, serviceStateDir } from "@/server/engines/state-dir";
import { freeLoopbackPort } from "@/server/engines/free-port";
import { rspamdLayout } from "@/server/spam-filter/rspamd-config";
import { writeChildController } from "@/server/spam-filter/rspamd-controller";
import { canRunRspamd } from "@/server/spam-filter/rspamd-env";
import { superviseRspamd } from "@/server/spam-filter/rspamd-process";
import { writeRspamdStatus } from "@/server/spam-filter/rspamd-status";
import { rspamdUser, writeRspamdFiles } from "@/server/spam-filter/write-rspamd-files";

export type SpamFilter = {
  /** One line for the launcher's log. */
  description: string;
  stop: () => Promise<void>;
};

/** rspamd's workers run as _rspamd: a DATA_DIR below a parent it cannot pass moves its files to /var/lib (server/engines/state-dir.ts). */
function prepareRspamdRoot(dataDir: string): string {
  const blocking = blockingParent(dataDir);
  const root = blocking ? serviceStateDir(dataDir) : path.resolve(dataDir);
  prepareStateRoot({ root, movedBecause: blocking });
  return root;
}

export async function startRspamd(config: Env): Promise<SpamFilter> {
  const settings = config.rspamd;
  const none = (description: string): SpamFilter => ({ description, stop: async () => {} });
  writeChildController(config.dataDir, null);
  if (settings.mode === "off") return none("spam filter off (RSPAMD=off)");
  if (settings.mode === "external") return none(`spam filter: rspamd at ${settings.url}`);
  const user = rspamdUser();
  if (!canRunRspamd() || !user) {
    writeRspamdStatus(config.dataDir, "off");
    return none("spam filter: none; install Debian's rspamd (`apt-get install rspamd`) and run as root to filter hosted mail");
  }
  const normalPort = await freeLoopbackPort();
  const controllerPort = await freeLoopbackPort();
  const layout = rspamdLayout(prepareRspamdRoot(config.dataDir));
  // Generated at each start, kept out of every log: only the launcher and the web workers read it.
  const controllerPassword = randomBytes(24).toString("base64url");
  writeRspamdFiles(
    layout,
    { normalPort, controllerPort, dnsServers: settings.dnsServers, controllerPassword, redis: settings.redis },
    settings.localRulesDir,
    user,
  );
  if (settings.redis) writeChildController(config.dataDir, { url: `http://127.0.0.1:${controllerPort}`, password: controllerPassword });
  const url = `http://127.0.0.1:${normalPort}`;
  writeRspamdStatus(config.dataDir, "offline");
  const rspamd = superviseRspamd({
    layout,
    normalPort,
    onServing: (serving) => writeRspamdStatus(config.dataDir, serving ? "online" : "offline", url),
  });
  const dns = settings.dnsServers.length > 0 ? `DNS ${settings.dnsServers.join(", ")}` : "the system's DNS";
  const learning = settings.redis ? `learning into Redis ${settings.redis.server} db ${settings.redis.db}` : "no learning (no REDIS_URL)";
  return {
    description: `spam filter: rspamd loading on ${url} (through ${dns}; ${learning}); mail is unchecked until it answers`,
    stop: rspamd.stop,
  };
}
