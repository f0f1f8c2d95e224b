import { chmodSync, mkdirSync, mkdtempSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeDataDirTraversable, UnreachableDataDirError } from "@/server/mail/dovecot/traversable-path";

const root = mkdtempSync(path.join(os.tmpdir(), "ces-traverse-"));
chmodSync(root, 0o755);
afterAll(() => chmodSync(root, 0o755));

describe("DATA_DIR reachable by Dovecot's users", () => {
  it("makes a private DATA_DIR traversable without making it listable", () => {
    const dataDir = path.join(root, "private");
    mkdirSync(dataDir, { mode: 0o700 });
    makeDataDirTraversable(dataDir);
    expect(statSync(dataDir).mode & 0o777).toBe(0o701);
  });

  it("names a parent that blocks them instead of changing it", () => {
    const parent = path.join(root, "closed");
    const dataDir = path.join(parent, "data");
    mkdirSync(dataDir, { recursive: true });
    chmodSync(parent, 0o700);
    expect(() => makeDataDirTraversable(dataDir)).toThrow(UnreachableDataDirError);
    expect(() => makeDataDirTraversable(dataDir)).toThrow(`${parent} is not traversable`);
    expect(statSync(parent).mode & 0o777).toBe(0o700);
  });
});
