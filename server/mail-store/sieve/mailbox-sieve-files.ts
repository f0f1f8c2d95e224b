// The Sieve files in a mailbox's home (docs/spam-and-rules.md, "Where the
// rules live"): ManageSieve's layout, which Dovecot's `sieve` setting names:
// scripts in ~/sieve/NAME.sieve and the active one linked from
// ~/.dovecot.sieve. The API's script is ~/sieve/api-rules.sieve. Every
// change is a rename, so Dovecot reads the old script or the new, never half.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chown, lchown, lstat, mkdir, readdir, readFile, readlink, rename, rm, stat, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { env } from "@/server/config/env";
import { AppError } from "@/server/errors";
import { dovecotLayout } from "@/server/mail-store/dovecot/dovecot-config";
import { mailboxStorageDir } from "@/server/mail-store/dovecot/remove-mailbox-storage";
import { mailStateRoot } from "@/server/mail-store/dovecot/traversable-path";

export const API_SCRIPT_NAME = "api-rules";
const ACTIVE_LINK = ".dovecot.sieve";
const SCRIPTS_DIR = "sieve";
const SIEVEC = "/usr/bin/sievec";

export type CompileError = { line: number | null; message: string };

/** The mailbox's home, where Dovecot keeps its mail and scripts; only our own Dovecot's (DOVECOT=auto). */
function mailboxHome(address: string): string {
  const dir = env().mailStore.mode === "auto" ? mailboxStorageDir(address) : null;
  if (!dir) throw new AppError("mail_storage_offline", "Mailbox rules need the service's own mail storage, which is not running here.");
  return dir;
}

/** Creates `dir` (and its parents up to the mail root) owned like the mail root, so Dovecot's mail user can use it. */
async function ensureOwnedDir(dir: string): Promise<void> {
  const root = dovecotLayout(mailStateRoot(env().dataDir).root).mailRoot;
  const owner = await stat(/*turbopackIgnore: true*/ root);
  const missing: string[] = [];
  for (let at = dir; at.startsWith(`${root}${path.sep}`); at = path.dirname(at)) {
    const exists = await stat(/*turbopackIgnore: true*/ at).then(
      () => true,
      () => false,
    );
    if (exists) break;
    missing.unshift(at);
  }
  for (const at of missing) {
    await mkdir(/*turbopackIgnore: true*/ at, { mode: 0o700 }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "EEXIST") throw error;
    });
    if (process.getuid?.() === 0) await chown(/*turbopackIgnore: true*/ at, owner.uid, owner.gid);
  }
}

async function writeOwned(file: string, content: string, ownerOf: string): Promise<void> {
  await writeFile(/*turbopackIgnore: true*/ file, content, { mode: 0o600 });
  if (process.getuid?.() === 0) {
    const owner = await stat(/*turbopackIgnore: true*/ ownerOf);
    await chown(/*turbopackIgnore: true*/ file, owner.uid, owner.gid);
  }
}

/** Pigeonhole's own compiler on `script`, with our Dovecot's settings: the errors it reports, with their lines. */
export async function checkSieve(script: string): Promise<CompileError[]> {
  const file = path.join(env().dataDir, `sieve-check-${randomBytes(8).toString("hex")}.sieve`);
  // The compiled binary is dropped: Dovecot compiles the installed script itself.
  const binary = `${file.slice(0, -".sieve".length)}.svbin`;
  await writeFile(/*turbopackIgnore: true*/ file, script, { mode: 0o600 });
  const configFile = dovecotLayout(mailStateRoot(env().dataDir).root).configFile;
  try {
    const stderr = await new Promise<string | null>((resolve) => {
      execFile(SIEVEC, ["-c", configFile, file, binary], { timeout: 10_000, maxBuffer: 4 * 1024 * 1024 }, (error, _stdout, errors) =>
        resolve(error ? String(errors) : null),
      );
    });
    if (stderr === null) return [];
    const found = [...stderr.matchAll(/: line (\d+): error: (.*)/g)].map((match) => ({ line: Number(match[1]), message: match[2]! }));
    return found.length > 0 ? found : [{ line: null, message: stderr.trim().split("\n").at(-1) ?? "the script did not compile" }];
  } finally {
    await rm(/*turbopackIgnore: true*/ file, { force: true });
    await rm(/*turbopackIgnore: true*/ binary, { force: true });
  }
}

/** Writes `script` as the API's script and makes it the active one, replacing whatever was active. */
export async function installApiScript(address: string, script: string): Promise<void> {
  const home = mailboxHome(address);
  const scripts = path.join(home, SCRIPTS_DIR);
  await ensureOwnedDir(scripts);
  const suffix = randomBytes(6).toString("hex");
  // Dot files without the .sieve ending: ManageSieve does not list them.
  const temporaryScript = path.join(scripts, `.${API_SCRIPT_NAME}.${suffix}`);
  await writeOwned(temporaryScript, script, scripts);
  await rename(/*turbopackIgnore: true*/ temporaryScript, path.join(scripts, `${API_SCRIPT_NAME}.sieve`));
  const temporaryLink = path.join(home, `.dovecot.sieve.${suffix}`);
  await symlink(`${SCRIPTS_DIR}/${API_SCRIPT_NAME}.sieve`, /*turbopackIgnore: true*/ temporaryLink);
  if (process.getuid?.() === 0) {
    const owner = await stat(/*turbopackIgnore: true*/ scripts);
    await lchown(/*turbopackIgnore: true*/ temporaryLink, owner.uid, owner.gid);
  }
  await rename(/*turbopackIgnore: true*/ temporaryLink, path.join(home, ACTIVE_LINK));
}

/**
 * The scripts in the mailbox's ~/sieve besides the API's, counted as Pigeonhole's quota counts them (files ending in
 * .sieve; the one being replaced left out): what a new API script would be added to.
 */
export async function scriptsBesidesApi(address: string): Promise<{ count: number; bytes: number }> {
  const scripts = path.join(mailboxHome(address), SCRIPTS_DIR);
  const entries = await readdir(/*turbopackIgnore: true*/ scripts, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  const others = entries.filter(
    (entry) => entry.isFile() && entry.name.endsWith(".sieve") && !entry.name.startsWith(".") && entry.name !== `${API_SCRIPT_NAME}.sieve`,
  );
  const sizes = await Promise.all(others.map(async (entry) => (await stat(/*turbopackIgnore: true*/ path.join(scripts, entry.name))).size));
  return { count: others.length, bytes: sizes.reduce((sum, size) => sum + size, 0) };
}

export type ActiveScript = { name: string | null; content: string } | null;

/**
 * The script Dovecot runs for the mailbox: its name (the link's target in
 * ~/sieve, or null for a plain file) and text; null when none is active.
 */
export async function readActiveScript(address: string): Promise<ActiveScript> {
  const link = path.join(mailboxHome(address), ACTIVE_LINK);
  const info = await lstat(/*turbopackIgnore: true*/ link).catch(() => null);
  if (!info) return null;
  const target = info.isSymbolicLink() ? await readlink(/*turbopackIgnore: true*/ link) : null;
  const content = await readFile(/*turbopackIgnore: true*/ link, "utf8").catch(() => null);
  if (content === null) return null;
  const name = target && path.dirname(target) === SCRIPTS_DIR ? path.basename(target, ".sieve") : null;
  return { name, content };
}
