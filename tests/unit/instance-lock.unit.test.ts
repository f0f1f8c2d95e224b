import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { acquireInstanceLock, INSTANCE_LOCK_FILE, InstanceLockedError } from "@/server/runtime/acquire-instance-lock";

const dataDir = () => mkdtempSync(path.join(os.tmpdir(), "ces-lock-"));

describe("one launcher per DATA_DIR", () => {
  it("writes the owner's pid and removes it on release", () => {
    const dir = dataDir();
    const release = acquireInstanceLock(dir);
    expect(readFileSync(path.join(dir, INSTANCE_LOCK_FILE), "utf8").trim()).toBe(String(process.pid));
    release();
    expect(existsSync(path.join(dir, INSTANCE_LOCK_FILE))).toBe(false);
  });

  it("refuses while a live launcher holds it, naming its pid and DATA_DIR", async () => {
    const dir = dataDir();
    // A process whose command line names the launcher's script, as a running `npm start`'s does.
    const owner = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)", "scripts/start.ts"], { stdio: "ignore" });
    await new Promise((resolve) => owner.once("spawn", resolve));
    try {
      writeFileSync(path.join(dir, INSTANCE_LOCK_FILE), `${owner.pid}\n`);
      expect(() => acquireInstanceLock(dir)).toThrow(InstanceLockedError);
      expect(() => acquireInstanceLock(dir)).toThrow(`(pid ${owner.pid}) is already running on DATA_DIR ${dir}`);
    } finally {
      owner.kill("SIGKILL");
    }
  });

  it("refuses while `npm run clean-data` holds it: a launcher never starts on data being removed", async () => {
    const dir = dataDir();
    const cleaner = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)", "scripts/clean-data.ts"], { stdio: "ignore" });
    await new Promise((resolve) => cleaner.once("spawn", resolve));
    try {
      writeFileSync(path.join(dir, INSTANCE_LOCK_FILE), `${cleaner.pid}\n`);
      expect(() => acquireInstanceLock(dir)).toThrow(InstanceLockedError);
    } finally {
      cleaner.kill("SIGKILL");
    }
  });

  it("takes over a stale lock: its process is gone, or the pid now belongs to something else", () => {
    const dir = dataDir();
    writeFileSync(path.join(dir, INSTANCE_LOCK_FILE), "2147483646\n");
    acquireInstanceLock(dir)();
    // This test runner is alive but is no launcher (a reused pid).
    writeFileSync(path.join(dir, INSTANCE_LOCK_FILE), `${process.ppid}\n`);
    const release = acquireInstanceLock(dir);
    expect(readFileSync(path.join(dir, INSTANCE_LOCK_FILE), "utf8").trim()).toBe(String(process.pid));
    release();
  });
});
