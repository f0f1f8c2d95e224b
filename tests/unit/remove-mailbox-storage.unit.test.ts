// Removing a deleted mailbox's mail while Dovecot's indexer still writes into
// it (server/mail-store/dovecot/remove-mailbox-storage.ts): a file created
// while the directory is being emptied must not leave the mail behind.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { mailboxStorageDir, removeMailboxStorage } from "@/server/mail-store/dovecot/remove-mailbox-storage";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "remove-mailbox-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** A mailbox of 200 messages whose full-text index gains a file at every turn of the event loop for `ms`. */
function mailboxBeingIndexed(address: string, ms: number): string {
  const home = mailboxStorageDir(address, dataDir)!;
  const index = path.join(home, "sdbox", "xapian-indexes", "db_1");
  mkdirSync(index, { recursive: true });
  for (let message = 0; message < 200; message++) writeFileSync(path.join(home, "sdbox", `u.${message}`), "mail");
  let written = 0;
  const stopAt = Date.now() + ms;
  const indexer = () => {
    if (Date.now() > stopAt) return;
    // The directory may already be gone: the indexer's write then fails, as Dovecot's would.
    try {
      writeFileSync(path.join(index, `part.${written++}`), "terms");
    } catch {}
    setImmediate(indexer);
  };
  indexer();
  return home;
}

describe("removeMailboxStorage", () => {
  it("removes the whole home even while the indexer adds files to it", async () => {
    // Without retries about half of these removals failed with ENOTEMPTY.
    for (let round = 0; round < 6; round++) {
      const address = `box${round}@example.net`;
      const home = mailboxBeingIndexed(address, 50);
      await expect(removeMailboxStorage(address, { dataDir })).resolves.toBe(true);
      expect(existsSync(home)).toBe(false);
    }
  });

  it("says false when nothing was stored, and touches nothing for an address that names no directory", async () => {
    await expect(removeMailboxStorage("never@example.net", { dataDir })).resolves.toBe(false);
    await expect(removeMailboxStorage("../etc@example.net", { dataDir })).resolves.toBe(false);
  });
});
