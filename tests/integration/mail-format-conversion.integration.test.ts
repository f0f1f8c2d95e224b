// A mailbox kept in Maildir moved to single-dbox with the procedure of
// docs/mail-storage.md ("Moving a mailbox from Maildir"), against the test
// server's own Dovecot while it runs: ids, folders and flags stay, and mail
// delivered between the copy and the switch is not lost.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { dovecotLayout } from "@/server/mail-store/dovecot/dovecot-config";
import { mailboxStorageDir } from "@/server/mail-store/dovecot/remove-mailbox-storage";
import { mailStateRoot } from "@/server/mail-store/dovecot/traversable-path";
import { createMailboxFolder } from "@/shared/api/endpoints/mailbox-folders";
import { listMailboxMessages, updateMailboxMessage } from "@/shared/api/endpoints/mailbox-messages";
import { call } from "../support/api-client";
import { sql } from "../support/database";
import { verifiedDomain } from "../support/domains";
import { createAccount, type TestAccount } from "../support/factories";
import { newMailbox, type TestMailbox } from "../support/hosted-mailboxes";
import { deliverText } from "../support/webmail";

let account: TestAccount;
let mailbox: TestMailbox;

const doveadm = (...args: string[]) =>
  execFileSync("doveadm", ["-c", dovecotLayout(mailStateRoot(inject("serverDataDir")).root).configFile, ...args], { encoding: "utf8" });

/** Every message of the folders, as the webmail shows them. */
async function webmailView() {
  const view: Record<string, { id: string; subject: string | null; seen: boolean; flagged: boolean }[]> = {};
  for (const folder of ["INBOX", "Projects"]) {
    const page = await call(listMailboxMessages, { token: account.accessToken, params: { mailbox_id: mailbox.id }, query: { folder } });
    expect(page.status).toBe(200);
    view[folder] = page.body.data.items.map(({ id, subject, seen, flagged }) => ({ id, subject, seen, flagged }));
  }
  return view;
}

beforeAll(async () => {
  process.env.LOG_LEVEL = "silent";
  account = await createAccount();
  mailbox = await newMailbox(account, await verifiedDomain(account, "convert"));
  // As the migration leaves a mailbox created before single-dbox.
  await sql("update mailboxes set mail_format = 'maildir' where id = $1", [mailbox.id]);
});

describe("moving a mailbox from Maildir to single-dbox", () => {
  it("keeps every message, its id, folder and flags, and what arrived during the move", async () => {
    const params = { mailbox_id: mailbox.id };
    await deliverText(mailbox.address, { subject: "Kept in the inbox" });
    await deliverText(mailbox.address, { subject: "Filed away", attachment: "x,y\n" });
    expect((await call(createMailboxFolder, { token: account.accessToken, params, body: { name: "Projects" } })).status).toBe(201);
    const before = await webmailView();
    const bySubject = (subject: string) => before.INBOX!.find((message) => message.subject === subject)!;
    const [kept, filed] = [bySubject("Kept in the inbox"), bySubject("Filed away")];
    const flag = await call(updateMailboxMessage, {
      token: account.accessToken,
      params: { ...params, message_id: kept.id },
      body: { flagged: true },
    });
    expect(flag.status).toBe(200);
    const move = await call(updateMailboxMessage, {
      token: account.accessToken,
      params: { ...params, message_id: filed.id },
      body: { folder: "Projects", seen: true },
    });
    expect(move.status).toBe(200);
    const home = mailboxStorageDir(mailbox.address, inject("serverDataDir"))!;
    const expected = await webmailView();

    doveadm("backup", "-u", mailbox.address, `sdbox:${home}/sdbox`);
    // Delivered into the Maildir after the copy: the last step brings it over.
    await deliverText(mailbox.address, { subject: "Arrived during the move" });
    await sql("update mailboxes set mail_format = 'sdbox' where address = $1", [mailbox.address]);
    doveadm("kick", mailbox.address);
    doveadm("sync", "-u", mailbox.address, `maildir:${home}/Maildir`);

    const after = await webmailView();
    expect(after.Projects).toEqual(expected.Projects);
    expect(after.INBOX!.slice(1)).toEqual(expected.INBOX);
    expect(after.INBOX![0]).toMatchObject({ subject: "Arrived during the move", seen: false });
    expect(doveadm("user", "-f", "mail", mailbox.address).trim()).toBe("sdbox:~/sdbox");
    expect(existsSync(path.join(home, "sdbox", "mailboxes", "Projects"))).toBe(true);

    // New mail now lands in single-dbox only: the Maildir left behind does not grow.
    const maildirInbox = () => ["cur", "new"].flatMap((dir) => readdirSync(path.join(home, "Maildir", dir))).length;
    const left = maildirInbox();
    await deliverText(mailbox.address, { subject: "After the move" });
    expect(maildirInbox()).toBe(left);
    expect((await webmailView()).INBOX!.map((message) => message.subject)).toEqual([
      "After the move",
      "Arrived during the move",
      "Kept in the inbox",
    ]);
  });
});
