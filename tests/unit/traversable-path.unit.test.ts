import { chmodSync, mkdirSync, mkdtempSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { blockingParent, prepareStateRoot, serviceStateDir } from "@/server/engines/state-dir";
import { mailStateRoot } from "@/server/mail-store/dovecot/traversable-path";

const root = mkdtempSync(path.join(os.tmpdir(), "ces-traverse-"));
chmodSync(root, 0o755);
const serviceRoot = path.join(root, "var-lib-service");
afterAll(() => chmodSync(root, 0o755));

describe("where Dovecot's state and the mail live", () => {
  it("in DATA_DIR, made traversable without being listable, when every parent lets Dovecot's users through", () => {
    const dataDir = path.join(root, "private");
    mkdirSync(dataDir, { mode: 0o700 });
    const state = mailStateRoot(dataDir, true, serviceRoot);
    expect(state).toEqual({ root: dataDir, movedBecause: null });
    prepareStateRoot(state);
    expect(statSync(dataDir).mode & 0o777).toBe(0o701);
  });

  it("under the service's own directory when a parent blocks them (a clone in root's 0700 home), which is left as it is", () => {
    const home = path.join(root, "home700");
    const dataDir = path.join(home, "app", ".data");
    mkdirSync(dataDir, { recursive: true });
    chmodSync(home, 0o700);
    expect(blockingParent(dataDir)).toBe(home);
    const state = mailStateRoot(dataDir, true, serviceRoot);
    expect(state.root).toBe(serviceStateDir(dataDir, serviceRoot));
    expect(state.root.startsWith(`${serviceRoot}/`)).toBe(true);
    expect(state.movedBecause).toContain(`cannot pass through ${home}`);
    prepareStateRoot(state);
    expect(statSync(state.root).mode & 0o001).toBe(0o001);
    expect(statSync(home).mode & 0o777).toBe(0o700);
    // Another DATA_DIR gets a directory of its own.
    expect(mailStateRoot(path.join(home, "other"), true, serviceRoot).root).not.toBe(state.root);
  });

  it("stays there once mail is stored, even after the parent is opened up", () => {
    const home = path.join(root, "opened");
    const dataDir = path.join(home, ".data");
    mkdirSync(dataDir, { recursive: true });
    chmodSync(home, 0o700);
    const moved = mailStateRoot(dataDir, true, serviceRoot);
    mkdirSync(path.join(moved.root, "mail"), { recursive: true });
    chmodSync(home, 0o755);
    expect(mailStateRoot(dataDir, true, serviceRoot).root).toBe(moved.root);
  });

  it("in DATA_DIR when the service is not root (Dovecot then runs as the same user)", () => {
    const dataDir = path.join(root, "closed-but-mine", "data");
    mkdirSync(dataDir, { recursive: true });
    chmodSync(path.dirname(dataDir), 0o700);
    expect(mailStateRoot(dataDir, false, serviceRoot)).toEqual({ root: dataDir, movedBecause: null });
  });
});
