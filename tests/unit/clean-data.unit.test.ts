// `npm run clean-data` (docs/operations.md): DATA_DIR, the mail and engine
// state kept for it under the service root, and the checkout's test data go;
// nothing goes while a server of the checkout runs, or when DATA_DIR is not
// the service's.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { INSTANCE_LOCK_FILE, InstanceLockedError } from "@/server/runtime/acquire-instance-lock";
import { CleanDataRefusedError, cleanData, dataDirRefusal } from "@/server/runtime/clean-data";
import { SERVICE_STATE_ROOT, serviceStateDir } from "@/server/engines/state-dir";

const temp = (label: string) => mkdtempSync(path.join(os.tmpdir(), `ces-clean-${label}-`));

/** A checkout with a DATA_DIR (embedded database, secrets, mail) and a test run's data, and their state under a service root. */
function arrange() {
  const checkout = temp("checkout");
  const serviceRoot = temp("service-root");
  const dataDir = path.join(checkout, ".data");
  mkdirSync(path.join(dataDir, "pg"), { recursive: true });
  writeFileSync(path.join(dataDir, "secrets.json"), "{}");
  const testRun = path.join(checkout, ".test-data", "e2e-1");
  mkdirSync(path.join(testRun, "mail"), { recursive: true });
  const outside = serviceStateDir(dataDir, serviceRoot);
  const testRunOutside = serviceStateDir(testRun, serviceRoot);
  const otherCheckoutOutside = serviceStateDir(path.join(temp("other"), ".data"), serviceRoot);
  for (const dir of [outside, testRunOutside, otherCheckoutOutside]) mkdirSync(path.join(dir, "mail", "example.com"), { recursive: true });
  return { checkout, serviceRoot, dataDir, testRun, outside, testRunOutside, otherCheckoutOutside };
}

const running: ChildProcess[] = [];

/** A live process whose command line names the launcher's script, holding `dataDir`'s lock as a running `npm start` does. */
async function launcherOn(dataDir: string): Promise<number> {
  const owner = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)", "scripts/start.ts"], { stdio: "ignore" });
  running.push(owner);
  await new Promise((resolve) => owner.once("spawn", resolve));
  // The lock trusts a pid whose command line names the launcher: wait until the kernel shows it (a busy machine takes a moment).
  const deadline = Date.now() + 10_000;
  while (!readFileSync(`/proc/${owner.pid}/cmdline`, "utf8").includes("scripts/start.ts") && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  writeFileSync(path.join(dataDir, INSTANCE_LOCK_FILE), `${owner.pid}\n`);
  return owner.pid!;
}

afterEach(() => {
  for (const owner of running.splice(0)) owner.kill("SIGKILL");
});

describe("cleanData", () => {
  it("removes DATA_DIR, its mail outside the clone and the test runs' data, says what went, and leaves other checkouts' mail", () => {
    const arranged = arrange();
    const removed = cleanData({ dataDir: arranged.dataDir, checkout: arranged.checkout, serviceRoot: arranged.serviceRoot });
    expect(removed).toEqual([
      { path: arranged.dataDir, what: "DATA_DIR" },
      { path: arranged.outside, what: "DATA_DIR's mail and engine state" },
      { path: arranged.testRunOutside, what: "mail and engine state of .test-data/e2e-1" },
      { path: path.join(arranged.checkout, ".test-data"), what: "the test runs' data" },
    ]);
    for (const gone of [arranged.dataDir, arranged.outside, arranged.testRun, arranged.testRunOutside])
      expect(existsSync(gone), gone).toBe(false);
    expect(existsSync(arranged.otherCheckoutOutside)).toBe(true);
    // Run again: nothing left to remove.
    expect(cleanData({ dataDir: arranged.dataDir, checkout: arranged.checkout, serviceRoot: arranged.serviceRoot })).toEqual([]);
  });

  it("refuses while a server runs on DATA_DIR or on a test run's data, removing nothing", async () => {
    for (const where of ["dataDir", "testRun"] as const) {
      const arranged = arrange();
      const pid = await launcherOn(arranged[where]);
      const clean = () => cleanData({ dataDir: arranged.dataDir, checkout: arranged.checkout, serviceRoot: arranged.serviceRoot });
      expect(clean).toThrow(InstanceLockedError);
      expect(clean).toThrow(`(pid ${pid})`);
      for (const kept of [arranged.dataDir, arranged.outside, arranged.testRun, arranged.testRunOutside])
        expect(existsSync(kept), kept).toBe(true);
    }
  });

  it("refuses a DATA_DIR that holds the checkout, holds anything the service does not write, or is a file, removing nothing", () => {
    // Only throwaway directories of this test: were the refusal wrong, nothing else could go.
    const outer = temp("outer");
    const checkout = path.join(outer, "app");
    mkdirSync(path.join(checkout, ".test-data", "e2e-1"), { recursive: true });
    const refused = (dataDir: string) => () => cleanData({ dataDir, checkout, serviceRoot: temp("service-root") });
    expect(refused(outer)).toThrow(CleanDataRefusedError);
    expect(refused(outer)).toThrow("holds this checkout");
    // Like /etc: a `dovecot` and a `mail` beside files of others.
    const lookalike = temp("lookalike");
    for (const dir of ["dovecot", "mail"]) mkdirSync(path.join(lookalike, dir));
    writeFileSync(path.join(lookalike, "passwd"), "");
    expect(refused(lookalike)).toThrow("holds what the service does not write there (passwd)");
    const file = path.join(temp("file"), "notes.txt");
    writeFileSync(file, "");
    expect(refused(file)).toThrow("is not a directory");
    for (const kept of [
      path.join(lookalike, "passwd"),
      path.join(lookalike, "dovecot"),
      file,
      path.join(checkout, ".test-data", "e2e-1"),
    ]) {
      expect(existsSync(kept), kept).toBe(true);
    }
  });
});

describe("dataDirRefusal", () => {
  const checkout = "/srv/www/app";
  it.each([
    ["/", ["etc", "usr"], "is a top-level directory"],
    ["/etc", ["dovecot", "mail", "passwd"], "is a top-level directory"],
    ["/srv/www", ["app"], "holds this checkout"],
    ["/home/ada", ["app"], "holds your home directory"],
    ["/var/lib/mail", ["dovecot", "mail", "passwd"], "holds what the service does not write there (passwd)"],
    ["/var/lib/ces", ["dovecot", "mail"], "has none of the service's own files"],
  ])("%s (holding %j): %s", (dataDir, entries, reason) => {
    expect(dataDirRefusal(dataDir, checkout, entries, "/home/ada")).toContain(reason);
  });

  it.each([
    ["/srv/www/app/.data", ["pg", "secrets.json", "mail", "mail-tls", "dovecot", "mail-store.status", "instance.lock"]],
    ["/var/lib/ces", ["secrets.json", "postfix", "rspamd", "service-dkim.pem", "sieve-check-0a1b2c3d"]],
    // What a start writes when it finds no Postfix or rspamd to run (RSPAMD=auto outside production, the default).
    ["/srv/www/app/.data", ["pg", "secrets.json", "postfix.status", "rspamd.status", "rspamd.controller", "instance.lock"]],
    ["/srv/www/app/.data", ["rspamd.status"]],
    ["/srv/www/app/.data", []],
    ["/srv/www/app/.data", null],
  ])("%s (holding %j) may go", (dataDir, entries) => {
    expect(dataDirRefusal(dataDir, checkout, entries, "/home/ada")).toBeNull();
  });
});

describe("npm run clean-data", () => {
  const script = path.resolve("scripts/clean-data.ts");
  /** The script as npm runs it, from a checkout of its own (its cwd), with this repository's TypeScript settings. */
  const run = (checkout: string, dataDir: string) =>
    spawnSync(process.execPath, ["--import", createRequire(import.meta.url).resolve("tsx"), script], {
      cwd: checkout,
      encoding: "utf8",
      env: { ...process.env, DATA_DIR: dataDir, TSX_TSCONFIG_PATH: path.resolve("tsconfig.json") },
    });

  // It runs the script through tsx twice: seconds of start-up each on a busy machine.
  it("prints each removal, then that nothing is left; refuses with the running server's pid and exit code 1", {
    timeout: 60_000,
  }, async () => {
    const { checkout, dataDir } = arrange();
    // The real service root, as root runs use it: arranged there only when this run may write it.
    const outside = serviceStateDir(dataDir);
    const mayWriteServiceRoot = process.getuid?.() === 0;
    if (mayWriteServiceRoot) mkdirSync(path.join(outside, "mail"), { recursive: true });

    const pid = await launcherOn(dataDir);
    const refused = run(checkout, dataDir);
    expect(refused.status, refused.stderr).toBe(1);
    expect(refused.stderr).toContain(`A server of this checkout (pid ${pid}) is running on ${dataDir}: stop it first`);
    expect(existsSync(dataDir)).toBe(true);
    for (const owner of running.splice(0)) owner.kill("SIGKILL");

    const cleaned = run(checkout, dataDir);
    expect(cleaned.status, cleaned.stderr).toBe(0);
    expect(cleaned.stdout).toContain(`removed ${dataDir} (DATA_DIR)`);
    if (mayWriteServiceRoot) expect(cleaned.stdout).toContain(`removed ${outside} (DATA_DIR's mail and engine state)`);
    expect(outside.startsWith(SERVICE_STATE_ROOT)).toBe(true);
    expect(existsSync(outside)).toBe(false);
    expect(cleaned.stdout).toContain(`removed ${path.join(checkout, ".test-data")} (the test runs' data)`);
    expect(run(checkout, dataDir).stdout).toContain("Nothing to remove");
  });
});

describe("where the docs say mail is kept", () => {
  it("the README's quick start and operations.md name the directory outside the clone and the command that removes it", () => {
    const readme = readFileSync("README.md", "utf8");
    const quickStart = readme.slice(readme.indexOf("## Quick start"), readme.indexOf("## Send your first email"));
    for (const text of [quickStart, readFileSync("docs/operations.md", "utf8")]) {
      expect(text).toContain(`${SERVICE_STATE_ROOT}/<hash>/`);
      expect(text).toMatch(/Removing a clone leaves its mail/);
      expect(text).toContain("`npm run clean-data`");
    }
    const { scripts } = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
    expect(scripts["clean-data"]).toBe("tsx scripts/clean-data.ts");
  });
});
