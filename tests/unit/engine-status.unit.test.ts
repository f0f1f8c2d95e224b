// The child engines' status files (server/engines/engine-status.ts), as the
// launcher writes them and the web workers read them through each engine's
// module: what the portal and /health/ready say before a start, while an
// engine is up, and once it is down.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Env } from "@/server/config/env";
import { ENGINE_STATUS_FILES, engineStatusSince } from "@/server/engines/engine-status";
import { readMailStorage, readMailStoreRun, writeMailStoreStatus } from "@/server/mail-store/dovecot/mail-store-status";
import { readPostfixStatus, writePostfixStatus } from "@/server/outbound/postfix/postfix-status";
import { readRspamdStatus, servingRspamdUrl, writeRspamdStatus } from "@/server/spam-filter/rspamd-status";

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "ces-engine-status-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const mailStore = (dir: string, mode: Env["mailStore"]["mode"]) => ({ dataDir: dir, mailStore: { mode } as Env["mailStore"] });
const postfix = (dir: string, mode: Env["postfix"]["mode"], wantsChild = true) => ({
  dataDir: dir,
  postfix: { mode, wantsChild } as Env["postfix"],
});
const rspamd = (dir: string, mode: Env["rspamd"]["mode"]) => ({ dataDir: dir, rspamd: { mode } as Env["rspamd"] });

describe("the mail storage's status", () => {
  it("is offline until the launcher writes it, then as written, with the reason for the account's people", () => {
    const dir = dataDir();
    expect(readMailStorage(mailStore(dir, "auto"))).toEqual({ status: "offline", reason: "The mail storage has not started." });
    expect(readMailStoreRun(mailStore(dir, "auto"))).toEqual({ status: "offline", since: 0 });
    writeMailStoreStatus(dir, "online");
    expect(readFileSync(path.join(dir, "mail-store.status"), "utf8")).toBe("online\n");
    expect(readMailStorage(mailStore(dir, "auto"))).toEqual({ status: "online", reason: null });
    expect(readMailStoreRun(mailStore(dir, "auto")).since).toBe(engineStatusSince(dir, "mail-store"));
    expect(engineStatusSince(dir, "mail-store")).toBeGreaterThan(0);
    writeMailStoreStatus(dir, "offline", "Dovecot, the mail storage, stopped; it is being restarted.");
    expect(readMailStorage(mailStore(dir, "auto"))).toEqual({
      status: "offline",
      reason: "Dovecot, the mail storage, stopped; it is being restarted.",
    });
    writeMailStoreStatus(dir, "offline");
    expect(readFileSync(path.join(dir, "mail-store.status"), "utf8")).toBe("offline\nDovecot is not running\n");
  });

  it("is off or external by the configuration alone, whatever the file says", () => {
    const dir = dataDir();
    writeMailStoreStatus(dir, "online");
    expect(readMailStorage(mailStore(dir, "off")).status).toBe("off");
    expect(readMailStorage(mailStore(dir, "external"))).toEqual({ status: "external", reason: null });
    expect(readMailStoreRun(mailStore(dir, "external"))).toEqual({ status: "external", since: 0 });
  });
});

describe("Postfix's and rspamd's status", () => {
  it("is offline until written, then as written; off or external by the configuration", () => {
    const dir = dataDir();
    expect(readPostfixStatus(postfix(dir, "auto"))).toBe("offline");
    expect(readRspamdStatus(rspamd(dir, "auto"))).toBe("offline");
    writePostfixStatus(dir, "online");
    writeRspamdStatus(dir, "off");
    expect(readPostfixStatus(postfix(dir, "auto"))).toBe("online");
    expect(readRspamdStatus(rspamd(dir, "auto"))).toBe("off");
    expect(readPostfixStatus(postfix(dir, "auto", false))).toBe("off");
    expect(readPostfixStatus(postfix(dir, "external"))).toBe("external");
    expect(readRspamdStatus(rspamd(dir, "off"))).toBe("off");
    expect(readRspamdStatus(rspamd(dir, "external"))).toBe("external");
    // A file nobody wrote that way counts as down.
    writeFileSync(path.join(dir, "postfix.status"), "starting\n");
    expect(readPostfixStatus(postfix(dir, "auto"))).toBe("offline");
  });

  it("gives the MX rspamd's URL only while it answers", () => {
    const dir = dataDir();
    writeRspamdStatus(dir, "online", "http://127.0.0.1:11333");
    expect(servingRspamdUrl()).toBe("http://127.0.0.1:11333");
    writeRspamdStatus(dir, "offline", "http://127.0.0.1:11333");
    expect(servingRspamdUrl()).toBeNull();
  });

  it("is written nowhere, without an error, once DATA_DIR is gone", () => {
    const dir = path.join(dataDir(), "removed");
    expect(() => writePostfixStatus(dir, "online")).not.toThrow();
    expect(readPostfixStatus(postfix(dir, "auto"))).toBe("offline");
  });
});

it("names the files npm run clean-data counts as the service's", () => {
  expect(ENGINE_STATUS_FILES).toEqual(["mail-store.status", "postfix.status", "rspamd.status"]);
});
