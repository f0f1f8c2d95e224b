// A mailbox's folders through the API, checked against what a mail client
// sees over IMAP in the same Dovecot.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createMailboxFolder, deleteMailboxFolder, listMailboxFolders, renameMailboxFolder } from "@/shared/api/endpoints/mailbox-folders";
import { call } from "../support/api-client";
import { createAccount, type TestAccount } from "../support/factories";
import { imapClient, newMailbox, type TestMailbox } from "../support/hosted-mailboxes";
import { verifiedDomain } from "../support/domains";
import { deliverText } from "../support/webmail";

let account: TestAccount;
let mailbox: TestMailbox;

/** The folder names a mail client lists. */
async function imapFolderNames(): Promise<string[]> {
  const client = imapClient(mailbox.address, mailbox.password);
  await client.connect();
  const folders = await client.list().finally(() => client.logout());
  return folders.map((folder) => folder.path).sort();
}

beforeAll(async () => {
  process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "ces-webmail-folders-"));
  process.env.LOG_LEVEL = "silent";
  account = await createAccount();
  mailbox = await newMailbox(account, await verifiedDomain(account, "folders"));
  await deliverText(mailbox.address, { subject: "Counted" });
});

describe("a mailbox's folders", () => {
  it("lists the special folders with counts, creates, renames and deletes one", async () => {
    const token = account.accessToken;
    const params = { mailbox_id: mailbox.id };
    const listed = await call(listMailboxFolders, { token, params });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual(
      expect.arrayContaining([
        { name: "INBOX", specialUse: "inbox", total: 1, unseen: 1 },
        { name: "Drafts", specialUse: "drafts", total: 0, unseen: 0 },
        { name: "Sent", specialUse: "sent", total: 0, unseen: 0 },
        { name: "Junk", specialUse: "junk", total: 0, unseen: 0 },
        { name: "Trash", specialUse: "trash", total: 0, unseen: 0 },
      ]),
    );

    const created = await call(createMailboxFolder, { token, params, body: { name: "Projects/2026" } });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({ name: "Projects/2026", specialUse: null, total: 0, unseen: 0 });
    expect(await imapFolderNames()).toContain("Projects/2026");
    const taken = await call(createMailboxFolder, { token, params, body: { name: "projects/2026" } });
    expect(taken.status).toBe(409);
    expect(taken.error?.code).toBe("conflict");

    const renamed = await call(renameMailboxFolder, { token, params: { ...params, folder: "Projects/2026" }, body: { name: "Receipts" } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.name).toBe("Receipts");
    const names = await imapFolderNames();
    expect(names).toContain("Receipts");
    expect(names).not.toContain("Projects/2026");

    const deleted = await call(deleteMailboxFolder, { token, params: { ...params, folder: "Receipts" } });
    expect(deleted.status).toBe(200);
    expect(await imapFolderNames()).not.toContain("Receipts");
    const again = await call(deleteMailboxFolder, { token, params: { ...params, folder: "Receipts" } });
    expect(again.status).toBe(404);
  });

  it("protects the special folders", async () => {
    const token = account.accessToken;
    for (const folder of ["INBOX", "Trash", "Sent"]) {
      const deleted = await call(deleteMailboxFolder, { token, params: { mailbox_id: mailbox.id, folder } });
      expect(deleted.status).toBe(409);
      expect(deleted.error?.code).toBe("folder_protected");
    }
    const renamed = await call(renameMailboxFolder, {
      token,
      params: { mailbox_id: mailbox.id, folder: "Drafts" },
      body: { name: "Other" },
    });
    expect(renamed.error?.code).toBe("folder_protected");
    expect(await imapFolderNames()).toEqual(expect.arrayContaining(["Drafts", "INBOX", "Sent", "Trash"]));
  });

  it("refuses bad names, no session and another account's mailbox", async () => {
    const token = account.accessToken;
    for (const name of ["", "a/*", "a//b", "../x", "x\u0000y", "~root", "Projects/~x"]) {
      const bad = await call(createMailboxFolder, { token, params: { mailbox_id: mailbox.id }, body: { name } });
      expect(bad.status, name).toBe(400);
      expect(bad.error?.code).toBe("validation_error");
      expect(bad.error?.errors?.[0]?.path, name).toBe("name");
    }
    const renamed = await call(renameMailboxFolder, { token, params: { mailbox_id: mailbox.id, folder: "Junk" }, body: { name: "~root" } });
    expect(renamed.status).toBe(400);
    expect((await call(listMailboxFolders, { params: { mailbox_id: mailbox.id } })).status).toBe(401);
    expect((await call(createMailboxFolder, { params: { mailbox_id: mailbox.id }, body: { name: "x" } })).status).toBe(401);
    const stranger = await createAccount();
    const foreign = { token: stranger.accessToken };
    expect((await call(listMailboxFolders, { ...foreign, params: { mailbox_id: mailbox.id } })).status).toBe(404);
    expect((await call(createMailboxFolder, { ...foreign, params: { mailbox_id: mailbox.id }, body: { name: "x" } })).status).toBe(404);
    const rename = await call(renameMailboxFolder, { ...foreign, params: { mailbox_id: mailbox.id, folder: "Junk" }, body: { name: "y" } });
    expect(rename.status).toBe(404);
    expect((await call(deleteMailboxFolder, { ...foreign, params: { mailbox_id: mailbox.id, folder: "Junk" } })).status).toBe(404);
    expect(await imapFolderNames()).not.toContain("x");
  });
});
