// The portal webmail's pure pieces: what compose starts with for a reply,
// reply-all, forward and draft; address fields read back into recipients;
// the compose body and where the API's errors land; which key presses are
// shortcuts; how folders are named and ordered.
import { describe, expect, it } from "vitest";
import { PortalApiError } from "@/features/api/portal-fetch";
import { bareAddress, splitAddresses } from "@/features/mail-compose/address-list";
import { draftBody, onComposeFields, sendBody } from "@/features/mail-compose/compose-body";
import { composeStart, type Original, prefixed } from "@/features/mail-compose/compose-prefill";
import { folderLabel, sortFolders } from "@/features/mailbox-inbox/folders/folder-labels";
import { mailHref } from "@/features/mailbox-inbox/mail-href";
import { shortcutOf } from "@/features/mailbox-inbox/shortcuts/mail-shortcuts";
import { singleRows, threadRows } from "@/features/mailbox-inbox/message-list/threads";
import type { MailboxMessageSummary } from "@/shared/schemas/mailbox-messages";

const senders = ["ada@example.com", "sales@example.com"];

const original = (fields: Partial<Original> = {}): Original => ({
  id: "GUID1",
  from: "Grace Hopper <grace@example.org>",
  to: ["Ada <ada@example.com>"],
  cc: ["bob@example.net", "sales@example.com"],
  bcc: [],
  replyTo: null,
  subject: "Lunch",
  date: "2026-03-01T12:00:00.000Z",
  receivedAt: "2026-03-01T12:00:05.000Z",
  text: "Noon?\n<b>not markup</b>",
  html: "<p>Noon?</p>",
  attachments: [{ filename: "menu.pdf", contentType: "application/pdf", size: 3, contentId: null, content: "YWJj" }],
  draft: null,
  ...fields,
});

describe("composeStart", () => {
  it("starts a new message empty, from the mailbox's own address", () => {
    expect(composeStart("new", null, senders)).toMatchObject({ from: "ada@example.com", to: "", subject: "", html: "", attachments: [] });
  });

  it("replies to the sender with the subject prefixed once and the text quoted, escaped", () => {
    const start = composeStart("reply", original(), senders);
    expect(start).toMatchObject({ to: "grace@example.org", cc: "", subject: "Re: Lunch", inReplyTo: "GUID1" });
    // The writer starts in an empty text; the quote is kept apart, below it.
    expect(start.html).toBe("");
    expect(start.quote).toContain("<blockquote>Noon?<br>&lt;b&gt;not markup&lt;/b&gt;</blockquote>");
    expect(start.quote).toContain("Grace Hopper &lt;grace@example.org&gt; wrote:");
    expect(composeStart("reply", original({ subject: "RE: Lunch" }), senders).subject).toBe("RE: Lunch");
    expect(composeStart("reply", original({ replyTo: "List <list@example.org>" }), senders).to).toBe("list@example.org");
  });

  it("replies to all without the mailbox's own addresses or the sender twice", () => {
    const start = composeStart(
      "replyAll",
      original({ cc: ["bob@example.net", "sales@example.com", "Grace <GRACE@example.org>"] }),
      senders,
    );
    expect(start.to).toBe("grace@example.org");
    expect(start.cc).toBe("bob@example.net");
  });

  it("answers from the address of ours the message was written to", () => {
    expect(composeStart("reply", original({ to: ["sales@example.com"], cc: [] }), senders).from).toBe("sales@example.com");
    expect(composeStart("reply", original({ to: ["someone@else.org"], cc: [] }), senders).from).toBe("ada@example.com");
  });

  it("replies to a message of our own (in Sent) to its recipients again", () => {
    const start = composeStart("reply", original({ from: "ada@example.com", to: ["bob@example.net"], cc: [] }), senders);
    expect(start.to).toBe("bob@example.net");
  });

  it("forwards with the original's header lines and names its attachments, which the API adds", () => {
    const start = composeStart("forward", original(), senders);
    expect(start).toMatchObject({ to: "", subject: "Fwd: Lunch", forwardOf: "GUID1", forwardedAttachments: ["menu.pdf"] });
    expect(start.inReplyTo).toBeUndefined();
    expect(start.html).toBe("");
    expect(start.quote).toContain("---------- Forwarded message ----------<br>From: Grace Hopper &lt;grace@example.org&gt;");
    expect(prefixed("Fwd", "Fw: Lunch")).toBe("Fw: Lunch");
  });

  it("continues a draft with what it holds, its attachments and what it answers", () => {
    const draft = original({
      from: "Sales <sales@example.com>",
      to: ["Bob <bob@example.net>"],
      cc: [],
      bcc: ["boss@example.com"],
      draft: { inReplyTo: "GUID0", forwardOf: null },
    });
    expect(composeStart("draft", draft, senders)).toMatchObject({
      from: "sales@example.com",
      to: "bob@example.net",
      bcc: "boss@example.com",
      subject: "Lunch",
      html: "<p>Noon?</p>",
      attachments: [{ filename: "menu.pdf", content: "YWJj", contentType: "application/pdf", size: 3 }],
      inReplyTo: "GUID0",
      draftId: "GUID1",
    });
    expect(composeStart("draft", original({ from: "stranger@example.org" }), senders).from).toBe("ada@example.com");
    expect(composeStart("draft", original({ html: null, text: "a\nb" }), senders).html).toBe("a<br>b");
  });
});

describe("address fields", () => {
  it("splits on commas and semicolons outside quotes and angle brackets", () => {
    expect(splitAddresses(' a@x.org; "Hopper, Grace" <g@x.org>, , b@y.org ')).toEqual(["a@x.org", '"Hopper, Grace" <g@x.org>', "b@y.org"]);
    expect(splitAddresses("   ")).toEqual([]);
  });

  it("reads the address out of a name and address, lower case", () => {
    expect(bareAddress("Ada <Ada@Example.com>")).toBe("ada@example.com");
    expect(bareAddress(" ada@example.com ")).toBe("ada@example.com");
  });
});

describe("compose bodies", () => {
  const fields = { from: "ada@example.com", to: "b@x.org, c@x.org", cc: "", bcc: " ", subject: "  Hi " };
  const file = { filename: "a.txt", content: "YQ==", contentType: "text/plain", size: 1 };

  it("leaves out what is empty in a draft, and sends the rest as the API takes it", () => {
    expect(draftBody({ ...fields, to: "", subject: "" }, "", [], {})).toEqual({
      from: "ada@example.com",
      to: undefined,
      cc: undefined,
      bcc: undefined,
      subject: undefined,
      html: undefined,
      attachments: undefined,
      inReplyTo: undefined,
      forwardOf: undefined,
    });
    expect(sendBody(fields, "<p>Hi</p>", [file], { inReplyTo: "GUID1" }, "DRAFT1")).toMatchObject({
      to: ["b@x.org", "c@x.org"],
      subject: "Hi",
      html: "<p>Hi</p>",
      attachments: [{ filename: "a.txt", content: "YQ==", contentType: "text/plain" }],
      inReplyTo: "GUID1",
      draftId: "DRAFT1",
    });
  });

  it("gives a send without recipients or subject to the API to refuse, beside the fields", () => {
    expect(sendBody({ ...fields, to: "", subject: "" }, "", [], {}, undefined)).toMatchObject({ to: [], subject: "" });
    const placed = onComposeFields(
      new PortalApiError(400, "validation_error", "Invalid", [
        { path: "to.1", message: "Use one address" },
        { path: "text", message: "Give html, text, or both" },
        { path: "attachments.0.content", message: "content must be base64" },
      ]),
    ) as PortalApiError;
    expect(placed.errors.map((error) => error.path)).toEqual(["to", "body", "attachments"]);
    expect(placed.status).toBe(400);
  });
});

describe("shortcutOf", () => {
  const press = (key: string, extra: Partial<KeyboardEvent> = {}) =>
    shortcutOf({ key, ctrlKey: false, metaKey: false, altKey: false, target: null, defaultPrevented: false, ...extra });

  it("maps the documented keys", () => {
    expect(["c", "r", "a", "f", "e", "#", "j", "k", "/", "?"].map((key) => press(key))).toEqual([
      "compose",
      "reply",
      "replyAll",
      "forward",
      "archive",
      "delete",
      "next",
      "previous",
      "search",
      "help",
    ]);
  });

  it("leaves the browser's shortcuts, other keys and handled presses alone", () => {
    expect(press("r", { ctrlKey: true })).toBeNull();
    expect(press("c", { metaKey: true })).toBeNull();
    expect(press("f", { altKey: true })).toBeNull();
    expect(press("x")).toBeNull();
    expect(press("R")).toBeNull();
    expect(press("j", { defaultPrevented: true })).toBeNull();
  });

  it("is off while typing in a field or the editor, and on over buttons, links and checkboxes", () => {
    const on = (target: object) => press("r", { target: target as EventTarget });
    expect(on({ tagName: "INPUT", type: "search" })).toBeNull();
    expect(on({ tagName: "INPUT", type: "email" })).toBeNull();
    expect(on({ tagName: "TEXTAREA" })).toBeNull();
    expect(on({ tagName: "SELECT" })).toBeNull();
    expect(on({ tagName: "DIV", isContentEditable: true })).toBeNull();
    expect(on({ tagName: "BUTTON" })).toBe("reply");
    expect(on({ tagName: "A" })).toBe("reply");
    expect(on({ tagName: "INPUT", type: "checkbox" })).toBe("reply");
  });
});

describe("folders", () => {
  it("puts the special folders first in mail apps' order, then the others by name, and names them by use", () => {
    const folders = [
      { name: "Zeta", specialUse: null },
      { name: "Trash", specialUse: "trash" },
      { name: "INBOX", specialUse: "inbox" },
      { name: "Alpha/2026", specialUse: null },
      { name: "Spam", specialUse: "junk" },
      { name: "Sent Messages", specialUse: "sent" },
    ] as const;
    expect(sortFolders(folders).map(folderLabel)).toEqual(["Inbox", "Sent", "Junk", "Trash", "2026", "Zeta"]);
  });

  it("links a folder, a message and a phone's folder pane", () => {
    expect(mailHref("mbx_1", { folder: "INBOX" })).toBe("/mailboxes/mbx_1/inbox");
    expect(mailHref("mbx_1", { folder: "Projects/2026", message: "a-b_c" })).toBe(
      "/mailboxes/mbx_1/inbox?folder=Projects%2F2026&message=a-b_c",
    );
    expect(mailHref("mbx_1", { folder: "Sent", pane: "folders" })).toBe("/mailboxes/mbx_1/inbox?folder=Sent&pane=folders");
    expect(mailHref("mbx_1", { folder: "INBOX", message: null })).toBe("/mailboxes/mbx_1/inbox");
  });
});

describe("threadRows", () => {
  const summary = (id: string, threadId: string, fields: Partial<MailboxMessageSummary> = {}): MailboxMessageSummary => ({
    id,
    folder: "INBOX",
    uid: 1,
    threadId,
    from: "a@x.org",
    to: [],
    subject: id,
    preview: "",
    receivedAt: "2026-03-01T12:00:00.000Z",
    size: 1,
    seen: true,
    flagged: false,
    hasAttachments: false,
    sendingMessageId: null,
    delivery: null,
    ...fields,
  });

  it("makes one row per conversation, shown as its newest message, unread or flagged while any message is", () => {
    const items = [
      summary("m4", "t1"),
      summary("m3", "t2", { hasAttachments: true }),
      summary("m2", "t1", { seen: false }),
      summary("m1", "t1", { flagged: true }),
    ];
    const rows = threadRows(items);
    expect(
      rows.map((row) => [row.latest.id, row.messages.map((message) => message.id), row.seen, row.flagged, row.hasAttachments]),
    ).toEqual([
      ["m4", ["m4", "m2", "m1"], false, true, false],
      ["m3", ["m3"], true, false, true],
    ]);
    expect(singleRows(items).map((row) => row.latest.id)).toEqual(["m4", "m3", "m2", "m1"]);
  });
});
