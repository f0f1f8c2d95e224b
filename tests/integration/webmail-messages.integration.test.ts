// A mailbox's messages through the webmail API: folders, paging, search,
// flags, moves and Trash, checked against what a mail client sees over IMAP.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createMailboxFolder, listMailboxFolders } from "@/shared/api/endpoints/mailbox-folders";
import {
  deleteMailboxMessage,
  getMailboxMessage,
  listMailboxMessages,
  updateMailboxMessage,
} from "@/shared/api/endpoints/mailbox-messages";
import { call, request } from "../support/api-client";
import { createAccount, type TestAccount } from "../support/factories";
import { deleteMailbox } from "@/shared/api/endpoints/mailboxes";
import { imapClient, imapConnectionsOf, newMailbox, type TestMailbox } from "../support/hosted-mailboxes";
import { verifiedDomain } from "../support/domains";
import { until } from "../support/poll";
import { deliverText } from "../support/webmail";

let account: TestAccount;
let mailbox: TestMailbox;

/** What a mail client sees in a folder: subject and flags of each message. */
async function overImap(folder: string): Promise<{ subject: string; flags: string[] }[]> {
  const client = imapClient(mailbox.address, mailbox.password);
  await client.connect();
  try {
    const lock = await client.getMailboxLock(folder);
    try {
      const messages = client.mailbox && client.mailbox.exists > 0 ? await client.fetchAll("1:*", { envelope: true, flags: true }) : [];
      return messages.map((message) => ({ subject: message.envelope?.subject ?? "", flags: [...(message.flags ?? [])].sort() }));
    } finally {
      lock.release();
    }
  } finally {
    await client.logout();
  }
}

const list = (query: Record<string, string | number> = {}) =>
  call(listMailboxMessages, { token: account.accessToken, params: { mailbox_id: mailbox.id }, query });
const subjects = (page: Awaited<ReturnType<typeof list>>) => page.body.data.items.map((item) => item.subject);

beforeAll(async () => {
  process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "ces-webmail-messages-"));
  process.env.LOG_LEVEL = "silent";
  account = await createAccount();
  mailbox = await newMailbox(account, await verifiedDomain(account, "webmail"));
  await deliverText(mailbox.address, { subject: "Quarterly figures", text: "The numbers are in.", attachment: "a,b\n1,2\n" });
  await deliverText(mailbox.address, {
    subject: "Lunch on Friday",
    text: "Shall we try the pelican bistro?",
    from: "Ada <ada@example.net>",
  });
  await deliverText(mailbox.address, {
    subject: "Re: Lunch on Friday",
    text: "Yes, noon.",
    headers: { "In-Reply-To": "<lunch-1@example.net>", References: "<lunch-1@example.net>" },
  });
  await deliverText(mailbox.address, {
    subject: "Re: Re: Lunch on Friday",
    text: "See you.",
    headers: { "In-Reply-To": "<lunch-2@example.org>", References: "<lunch-1@example.net> <lunch-2@example.org>" },
  });
});

describe("messages in a folder", () => {
  it("pages newest first by cursor, with previews, threads and attachment marks", async () => {
    const first = await list({ limit: 3 });
    expect(first.status).toBe(200);
    expect(subjects(first)).toEqual(["Re: Re: Lunch on Friday", "Re: Lunch on Friday", "Lunch on Friday"]);
    expect(first.body.data.pagination.total).toBe(4);
    expect(first.body.data.nextCursor).toEqual(expect.any(String));
    const [newest, reply, lunch] = first.body.data.items;
    expect(newest).toMatchObject({ folder: "INBOX", seen: false, flagged: false, hasAttachments: false, preview: "See you." });
    expect(newest!.threadId).toBe(reply!.threadId);
    expect(lunch!.threadId).not.toBe(reply!.threadId);

    const second = await list({ limit: 3, cursor: first.body.data.nextCursor! });
    expect(subjects(second)).toEqual(["Quarterly figures"]);
    expect(second.body.data.items[0]).toMatchObject({ hasAttachments: true, preview: "The numbers are in." });
    expect(second.body.data.nextCursor).toBeNull();
    // The older page-number form still reads the same folder.
    expect(subjects(await list({ limit: 3, page: 2 }))).toEqual(["Quarterly figures"]);
  });

  it("searches from, to, subject and body through Dovecot, with filters", async () => {
    expect(subjects(await list({ q: "quarterly" }))).toEqual(["Quarterly figures"]);
    expect(subjects(await list({ q: "pelican" }))).toEqual(["Lunch on Friday"]);
    expect(subjects(await list({ q: "ada@example.net" }))).toEqual(["Lunch on Friday"]);
    expect((await list({ q: mailbox.address })).body.data.pagination.total).toBe(4);
    expect((await list({ q: "nothing-like-this-anywhere" })).body.data.items).toEqual([]);
    expect(subjects(await list({ hasAttachment: "true" }))).toEqual(["Quarterly figures"]);
    expect(subjects(await list({ hasAttachment: "false", q: "noon" }))).toEqual(["Re: Lunch on Friday"]);
    expect((await list({ since: "2000-01-01", before: "2100-01-01" })).body.data.pagination.total).toBe(4);
    expect((await list({ before: "2000-01-01" })).body.data.items).toEqual([]);
    expect((await list({ since: "2100-01-01" })).body.data.items).toEqual([]);
  });

  it("marks read and flagged, moves with the same id, and deletes to Trash then for good", async () => {
    const token = account.accessToken;
    const target = (await list({ q: "quarterly" })).body.data.items[0]!;
    const neighbour = (await list({ q: "pelican" })).body.data.items[0]!;
    expect(target.uid).not.toBe(neighbour.uid);
    const params = { mailbox_id: mailbox.id, message_id: target.id };
    const flagged = await call(updateMailboxMessage, { token, params, body: { seen: true, flagged: true } });
    expect(flagged.status).toBe(200);
    expect(flagged.body.data).toMatchObject({ id: target.id, seen: true, flagged: true, folder: "INBOX" });
    expect((await overImap("INBOX")).find((entry) => entry.subject === "Quarterly figures")!.flags).toEqual(
      expect.arrayContaining(["\\Flagged", "\\Seen"]),
    );
    expect(subjects(await list({ flagged: "true" }))).toEqual(["Quarterly figures"]);
    expect(subjects(await list({ unseen: "false" }))).toEqual(["Quarterly figures"]);

    expect((await call(createMailboxFolder, { token, params: { mailbox_id: mailbox.id }, body: { name: "Finance" } })).status).toBe(201);
    const moved = await call(updateMailboxMessage, { token, params, body: { folder: "Finance", seen: false } });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ id: target.id, folder: "Finance", seen: false, flagged: true });
    expect((await overImap("Finance")).map((entry) => entry.subject)).toEqual(["Quarterly figures"]);
    expect((await overImap("INBOX")).map((entry) => entry.subject)).not.toContain("Quarterly figures");
    const opened = await call(getMailboxMessage, { token, params });
    expect(opened.body.data).toMatchObject({ id: target.id, folder: "Finance", seen: true, subject: "Quarterly figures" });
    expect(subjects(await list({ folder: "Finance" }))).toEqual(["Quarterly figures"]);
    // The folder it was listed in is looked in first; a stale or unknown one still finds it where it is.
    for (const folder of ["Finance", "INBOX", "Trash", "Nowhere"]) {
      const hinted = await call(getMailboxMessage, { token, params, query: { folder } });
      expect(hinted.body.data, folder).toMatchObject({ id: target.id, folder: "Finance" });
    }
    // With the UID it was listed at, it opens there; a UID from before the move, or one that now holds another
    // message, still answers this message and never the other one.
    const inFinance = (await list({ folder: "Finance" })).body.data.items[0]!;
    const atUid = async (folder: string, uid: number) =>
      (await call(getMailboxMessage, { token, params, query: { folder, uid: String(uid) } })).body.data;
    expect(await atUid("Finance", inFinance.uid)).toMatchObject({ id: target.id, folder: "Finance", uid: inFinance.uid });
    expect(await atUid("INBOX", target.uid)).toMatchObject({ id: target.id, folder: "Finance" });
    expect(await atUid("INBOX", neighbour.uid)).toMatchObject({ id: target.id, folder: "Finance", subject: "Quarterly figures" });
    expect(await atUid("Finance", 4_294_967_295)).toMatchObject({ id: target.id, folder: "Finance" });
    expect(subjects(await list({ folder: "inbox" }))).not.toContain("Quarterly figures");

    expect((await call(deleteMailboxMessage, { token, params })).status).toBe(200);
    expect((await overImap("Trash")).map((entry) => entry.subject)).toEqual(["Quarterly figures"]);
    expect((await call(getMailboxMessage, { token, params })).body.data.folder).toBe("Trash");
    expect((await call(deleteMailboxMessage, { token, params })).status).toBe(200);
    expect(await overImap("Trash")).toEqual([]);
    expect((await call(getMailboxMessage, { token, params })).status).toBe(404);
    expect((await call(updateMailboxMessage, { token, params, body: { seen: true } })).status).toBe(404);
  });

  it("refuses bad input, no session and another account's mailbox", async () => {
    const token = account.accessToken;
    const badQueries: Record<string, string | number>[] = [
      { limit: 0 },
      { unseen: "yes" },
      { since: "yesterday" },
      { cursor: "abc" },
      { folder: "a//b" },
      { q: "" },
    ];
    for (const query of badQueries) {
      const bad = await list(query);
      expect(bad.status, JSON.stringify(query)).toBe(400);
      expect(bad.error?.code).toBe("validation_error");
    }
    expect((await list({ folder: "Nowhere" })).status).toBe(404);
    expect((await list({ cursor: "1.5" })).error?.code).toBe("cursor_expired");
    const id = (await list()).body.data.items[0]!.id;
    const params = { mailbox_id: mailbox.id, message_id: id };
    const badMove = await call(updateMailboxMessage, { token, params, body: { folder: "Nowhere" } });
    expect(badMove.status).toBe(404);
    const badBody = await request(`/mailboxes/${mailbox.id}/messages/${id}`, { method: "PATCH", token, body: { seen: "yes" } });
    expect(badBody.status).toBe(400);
    expect((await call(getMailboxMessage, { token, params: { mailbox_id: mailbox.id, message_id: "bm8tc3VjaA" } })).status).toBe(404);
    const badHints: Record<string, string>[] = [
      { folder: "a//b" },
      { folder: "INBOX", uid: "0" },
      { folder: "INBOX", uid: "x" },
      { uid: "4294967296" },
    ];
    for (const query of badHints) {
      const badHint = await call(getMailboxMessage, { token, params, query });
      expect(badHint.status, JSON.stringify(query)).toBe(400);
      expect(badHint.error?.code).toBe("validation_error");
    }

    expect((await call(listMailboxMessages, { params: { mailbox_id: mailbox.id } })).status).toBe(401);
    expect((await call(updateMailboxMessage, { params, body: { seen: true } })).status).toBe(401);
    const stranger = await createAccount();
    const foreign = { token: stranger.accessToken };
    expect((await call(listMailboxMessages, { ...foreign, params: { mailbox_id: mailbox.id } })).status).toBe(404);
    expect((await call(updateMailboxMessage, { ...foreign, params, body: { flagged: true } })).status).toBe(404);
    expect((await call(deleteMailboxMessage, { ...foreign, params })).status).toBe(404);
    expect((await overImap("INBOX")).every((entry) => !entry.flags.includes("\\Flagged"))).toBe(true);
  });

  it("serves a mailbox's requests over one kept IMAP session, closed when the mailbox is deleted", async () => {
    const other = await newMailbox(account, { name: mailbox.address.split("@")[1]! });
    await deliverText(other.address, { subject: "Kept session" });
    const token = account.accessToken;
    const params = { mailbox_id: other.id };
    const answers = await Promise.all([
      call(listMailboxMessages, { token, params }),
      call(listMailboxMessages, { token, params, query: { q: "kept" } }),
      call(listMailboxFolders, { token, params }),
      call(listMailboxMessages, { token, params, query: { folder: "Trash" } }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(imapConnectionsOf(other.address)).toHaveLength(1);
    const id = answers[0]!.body.data.items[0]!.id;
    expect((await call(getMailboxMessage, { token, params: { ...params, message_id: id } })).body.data.subject).toBe("Kept session");
    expect(imapConnectionsOf(other.address)).toHaveLength(1);

    expect((await call(deleteMailbox, { token, params })).status).toBe(200);
    // Dovecot counts a connection until its process has ended.
    expect(await until(() => imapConnectionsOf(other.address).length === 0, 5_000)).toBe(true);
  });
});

describe("searching every folder", () => {
  it("finds what is in any folder but Junk and Trash, newest first, each hit naming its folder; the folder alone stays the default", async () => {
    const owner = await createAccount();
    const box = await newMailbox(owner, await verifiedDomain(owner, "allfolders"));
    const token = owner.accessToken;
    const params = { mailbox_id: box.id };
    const search = (query: Record<string, string | number>) => call(listMailboxMessages, { token, params, query });
    for (const subject of ["Pineapple plans", "Pineapple spam", "Pineapple recipe"])
      await deliverText(box.address, { subject, text: "pineapple" });
    const inbox = (await search({ q: "pineapple" })).body.data.items;
    const id = (subject: string) => inbox.find((item) => item.subject === subject)!.id;
    expect((await call(createMailboxFolder, { token, params, body: { name: "Projects" } })).status).toBe(201);
    await call(updateMailboxMessage, { token, params: { ...params, message_id: id("Pineapple plans") }, body: { folder: "Projects" } });
    await call(updateMailboxMessage, { token, params: { ...params, message_id: id("Pineapple spam") }, body: { folder: "Junk" } });

    const found = await search({ q: "pineapple", allFolders: "true" });
    expect(found.status).toBe(200);
    expect(found.body.data.items.map((item) => [item.subject, item.folder])).toEqual([
      ["Pineapple recipe", "INBOX"],
      ["Pineapple plans", "Projects"],
    ]);
    expect(found.body.data).toMatchObject({ nextCursor: null, pagination: { total: 2 } });
    // Paged by page number: the second hit alone on page 2.
    expect(subjects(await search({ q: "pineapple", allFolders: "true", limit: 1, page: 2 }))).toEqual(["Pineapple plans"]);
    // Without it, the folder alone.
    expect(subjects(await search({ q: "pineapple" }))).toEqual(["Pineapple recipe"]);
    // A hit opens from where it was found.
    const plans = found.body.data.items[1]!;
    const opened = await call(getMailboxMessage, {
      token,
      params: { ...params, message_id: plans.id },
      query: { folder: plans.folder, uid: String(plans.uid) },
    });
    expect(opened.body.data).toMatchObject({ subject: "Pineapple plans", folder: "Projects" });

    const everything = await search({ allFolders: "true" });
    expect(everything.status).toBe(400);
    expect(everything.error?.errors?.[0]?.path).toBe("allFolders");
    expect((await search({ q: "pineapple", allFolders: "true", cursor: "1.2" })).status).toBe(400);
  });
});
