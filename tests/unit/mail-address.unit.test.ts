import MailComposer from "nodemailer/lib/mail-composer";
import { describe, expect, it } from "vitest";
import { addressOf, domainOf, formatMailbox, parseMailbox } from "@/shared/schemas/mail-address";
import { sendMessageBody } from "@/shared/schemas/messages";

describe("parseMailbox", () => {
  it.each([
    ["ada@example.com", { name: "", address: "ada@example.com" }],
    ["  Ada@Example.COM  ", { name: "", address: "Ada@example.com" }],
    ["Ada Lovelace <ada@example.com>", { name: "Ada Lovelace", address: "ada@example.com" }],
    ["<ada@example.com>", { name: "", address: "ada@example.com" }],
    ['"Lovelace, Ada" <ada@example.com>', { name: "Lovelace, Ada", address: "ada@example.com" }],
    ['"Zoë \\"Z\\"" <z@example.com>', { name: 'Zoë "Z"', address: "z@example.com" }],
    ["Support @ Acme <help@acme.example>", { name: "Support @ Acme", address: "help@acme.example" }],
    ["first.last+tag@sub.example.co.uk", { name: "", address: "first.last+tag@sub.example.co.uk" }],
  ])("reads %j", (text, expected) => {
    expect(parseMailbox(text)).toEqual(expected);
  });

  it.each([
    ["two mailboxes, the first only an address", "ceo@victim-bank.test, A <hello@ours.example>"],
    ["two mailboxes", "a@example.com, b@example.com"],
    ["two mailboxes with semicolons", "a@example.com; b@example.com"],
    ["a group", "Grp: ceo@victim-bank.test; <hello@ours.example>"],
    ["a group of one", "Grp: <hello@ours.example>;"],
    ["an empty group", "Undisclosed recipients:;"],
    ["an address in the quoted name", '"ceo@victim-bank.test" <hello@ours.example>'],
    ["an address as the name", "ceo@victim-bank.test <hello@ours.example>"],
    ["an address in a comment", "hello@ours.example (ceo@victim-bank.test)"],
    ["two angle addresses", "<a@example.com> <b@example.com>"],
    ["text after the address", "Ada <ada@example.com> extra"],
    ["an unclosed bracket", "Ada <ada@example.com"],
    ["angle brackets in a quoted name", '"<ceo@bank.test>" <hello@ours.example>'],
    ["an encoded word in the name", "=?utf-8?q?ceo=40bank.test?= <hello@ours.example>"],
    ["a line break", "Ada <ada@example.com>\r\nBcc: v@example.org"],
    ["a line break in the name", "Ada\nBcc: x <ada@example.com>"],
    ["a NUL", "ada@example.com\u0000"],
    ["no address", "not an address"],
    ["no domain dot", "a@intranet"],
    ["a quoted local part", '"a b"@example.com'],
    ["an empty string", ""],
    ["a name that is too long", `${"n".repeat(201)} <a@example.com>`],
  ])("refuses %s", (_case, text) => {
    expect(parseMailbox(text)).toBeNull();
  });

  it("gives the address and the domain", () => {
    expect(addressOf("Ada <ada@Example.com>")).toBe("ada@example.com");
    expect(domainOf("Ada <ada@Example.com>")).toBe("example.com");
    expect(addressOf("a@example.com, b@example.com")).toBeNull();
  });
});

describe("formatMailbox", () => {
  it.each([
    [{ name: "", address: "a@example.com" }, "a@example.com"],
    [{ name: "Ada Lovelace", address: "a@example.com" }, "Ada Lovelace <a@example.com>"],
    [{ name: "Lovelace, Ada", address: "a@example.com" }, '"Lovelace, Ada" <a@example.com>'],
    [{ name: 'Zoë "Z" \\', address: "a@example.com" }, '"Zoë \\"Z\\" \\\\" <a@example.com>'],
    [{ name: "Grp: x;", address: "a@example.com" }, '"Grp: x;" <a@example.com>'],
  ])("writes %j as %j, which reads back the same", (mailbox, text) => {
    expect(formatMailbox(mailbox)).toBe(text);
    expect(parseMailbox(text)).toEqual(mailbox);
  });

  it("gives nodemailer a name it quotes as one display name", async () => {
    const mailbox = parseMailbox('"Lovelace, Ada: the first; programmer" <ada@example.com>')!;
    const raw = await new MailComposer({ from: mailbox, to: "b@example.com", subject: "s", text: "t" }).compile().build();
    expect(raw.toString()).toContain('From: "Lovelace, Ada: the first; programmer" <ada@example.com>');
  });
});

describe("the send body's address fields", () => {
  const body = { from: "a@example.com", to: "b@example.com", subject: "Hi", text: "Hi" };

  it("stores each mailbox in its canonical form", () => {
    const parsed = sendMessageBody.parse({ ...body, from: '  "Acme"  <billing@Acme.example> ', cc: ["Ada   Lovelace <x@example.com>"] });
    expect(parsed.cc).toEqual(["Ada Lovelace <x@example.com>"]);
    expect(parsed.from).toBe("Acme <billing@acme.example>");
    expect(parsed.to).toEqual(["b@example.com"]);
    expect(sendMessageBody.safeParse({ ...body, cc: ['"Lovelace, Ada" <x@example.com>'] }).data?.cc).toEqual([
      '"Lovelace, Ada" <x@example.com>',
    ]);
  });

  it.each([
    ["from", { from: "ceo@victim-bank.test, A <hello@ours.example>" }],
    ["from", { from: "Grp: ceo@victim-bank.test; <hello@ours.example>" }],
    ["to", { to: "victim@example.org, b@example.com" }],
    ["to", { to: ["b@example.com", "Grp: victim@example.org;"] }],
    ["cc", { cc: ["a@example.org, c@example.org"] }],
    ["bcc", { bcc: ["x@example.org; y@example.org"] }],
    ["replyTo", { replyTo: ['"ceo@bank.test" <r@example.org>'] }],
  ])("refuses several mailboxes or a group in %s", (field, overrides) => {
    const result = sendMessageBody.safeParse({ ...body, ...overrides });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.path[0])).toContain(field);
  });

  it.each([
    "Authentication-Results",
    "authentication-results",
    "ARC-Seal",
    "arc-message-signature",
    "ARC-Authentication-Results",
    "Received-SPF",
    "Resent-From",
    "resent-date",
    "Content-Disposition",
    "X-CES-Message-ID",
    "x-ces-message-id",
    "DKIM-Signature",
    "Return-Path",
    "Received",
  ])("refuses the reserved header %s", (name) => {
    const result = sendMessageBody.safeParse({ ...body, headers: { [name]: "x" } });
    expect(result.success).toBe(false);
  });

  it("takes ordinary custom headers", () => {
    expect(
      sendMessageBody.safeParse({ ...body, headers: { "X-Campaign": "a", "List-Unsubscribe": "<https://x.example/u>" } }).success,
    ).toBe(true);
  });
});
