// Writes the child Postfix's files (postfix-config.ts) and prepares its
// directories: the queue belongs to root (Postfix creates its subdirectories
// for the postfix user), the data directory to the postfix user. With
// DNS_SERVERS, the chrooted outbound client (and hand-off listener, for the
// presets' MX lookups) reads queue/etc/resolv.conf.
import { chownSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type PostfixConfigInput, renderMainCf, renderMasterCf, renderResolvConf, renderTransportTable } from "./postfix-config";
import { renderPresetTable } from "./provider-presets";
import type { PostfixUser } from "./postfix-user";

export function writePostfixFiles(input: PostfixConfigInput, user: PostfixUser): void {
  const { layout } = input;
  mkdirSync(layout.configDir, { recursive: true, mode: 0o755 });
  mkdirSync(layout.queueDir, { recursive: true, mode: 0o755 });
  mkdirSync(layout.dataDir, { recursive: true, mode: 0o700 });
  chownSync(layout.queueDir, 0, 0);
  chownSync(layout.dataDir, user.uid, user.gid);
  // postlogd writes the log as root; only the service reads it.
  mkdirSync(path.dirname(layout.logFile), { recursive: true, mode: 0o700 });
  writeFileSync(path.join(layout.configDir, "main.cf"), renderMainCf(input), { mode: 0o644 });
  writeFileSync(path.join(layout.configDir, "master.cf"), renderMasterCf(input), { mode: 0o644 });
  writeFileSync(layout.transportFile, renderTransportTable(input), { mode: 0o644 });
  writeFileSync(layout.presetFile, input.presets ? renderPresetTable() : "", { mode: 0o644 });
  if (input.dnsServers.length > 0) {
    mkdirSync(path.join(layout.queueDir, "etc"), { recursive: true, mode: 0o755 });
    writeFileSync(path.join(layout.queueDir, "etc", "resolv.conf"), renderResolvConf(input.dnsServers), { mode: 0o644 });
  }
}
