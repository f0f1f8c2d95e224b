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
  for (const dir of [layout.dir, layout.confDir, ...["local.d", "override.d", "maps.d"].map((name) => path.join(layout.confDir, name))]) {
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
  presetSymbolsCache(layout, user);
}

/**
 * rspamd 3.4 saves its symbols cache at stop by opening `symbols.cache.new` without O_CREAT, then renaming it:
 * without the file there it logs "cannot create file" at every stop. An empty one, its user's, lets it save.
 */
export function presetSymbolsCache(layout: RspamdLayout, user: RspamdUser | null): void {
  const file = path.join(layout.dbDir, "symbols.cache.new");
  writeFileSync(file, "", { flag: "a" });
  if (user) chownSync(file, user.uid, user.gid);
}

/** Debian's _rspamd system user. */
export function rspamdUser(passwd = "/etc/passwd"): RspamdUser | null {
  for (const line of readFileSync(passwd, "utf8").split("\n")) {
    const [name, , uid, gid] = line.split(":");
    if (name === "_rspamd") return { uid: Number(uid), gid: Number(gid) };
  }
  return null;
}
