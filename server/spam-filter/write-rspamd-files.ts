// Writes the child rspamd's configuration at each start (rspamd-config.ts),
// then the operator's own local.d files (RSPAMD_LOCAL_RULES_DIR) over ours.
// Its run and database directories belong to Debian's _rspamd user.
import { chownSync, copyFileSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type RspamdConfigInput, type RspamdLayout, renderRspamdFiles, SECRET_RSPAMD_FILES } from "./rspamd-config";

export type RspamdUser = { uid: number; gid: number };

export function writeRspamdFiles(
  layout: RspamdLayout,
  input: RspamdConfigInput,
  localRulesDir: string | null,
  user: RspamdUser | null,
): void {
  rmSync(layout.confDir, { recursive: true, force: true });
  for (const dir of [layout.dir, layout.confDir, path.join(layout.confDir, "local.d"), path.join(layout.confDir, "override.d")]) {
    mkdirSync(dir, { recursive: true, mode: 0o755 });
  }
  for (const [file, content] of Object.entries(renderRspamdFiles(input))) {
    writeFileSync(path.join(layout.confDir, file), content, { mode: SECRET_RSPAMD_FILES.has(file) ? 0o600 : 0o644 });
  }
  if (localRulesDir) {
    for (const name of readdirSync(localRulesDir)) {
      const source = path.join(localRulesDir, name);
      if (statSync(source).isFile()) copyFileSync(source, path.join(layout.confDir, "local.d", name));
    }
  }
  for (const dir of [layout.runDir, layout.dbDir]) {
    mkdirSync(dir, { recursive: true, mode: 0o750 });
    if (user) chownSync(dir, user.uid, user.gid);
  }
}

/** Debian's _rspamd system user. */
export function rspamdUser(passwd = "/etc/passwd"): RspamdUser | null {
  for (const line of readFileSync(passwd, "utf8").split("\n")) {
    const [name, , uid, gid] = line.split(":");
    if (name === "_rspamd") return { uid: Number(uid), gid: Number(gid) };
  }
  return null;
}
