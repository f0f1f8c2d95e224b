// The webmail's pieces of a reply or an HTML-only message, checked without a
// mail store: threading headers from the answered message, the plain-text
// alternative made from HTML, and which folder is special (server/services/webmail/).
import type { ParsedMail } from "mailparser";
import { describe, expect, it } from "vitest";
import { specialUseOf } from "@/server/services/webmail/folders";
import { replyHeaders } from "@/server/services/webmail/original-message";
import { plainTextAlternative } from "@/server/message-format/plain-text-alternative";

const parsed = (fields: Partial<Pick<ParsedMail, "messageId" | "references" | "inReplyTo">>) => fields as ParsedMail;

describe("replyHeaders", () => {
  it("answers the message and continues its References", () => {
    expect(replyHeaders(parsed({ messageId: "<b@x>", references: ["<root@x>", "<a@x>"], inReplyTo: "<a@x>" }))).toEqual({
      "In-Reply-To": "<b@x>",
      References: "<root@x> <a@x> <b@x>",
    });
    expect(replyHeaders(parsed({ messageId: "<b@x>", references: "<root@x>" }))).toEqual({
      "In-Reply-To": "<b@x>",
      References: "<root@x> <b@x>",
    });
  });

  it("falls back on In-Reply-To, and starts a thread from a message with neither", () => {
    expect(replyHeaders(parsed({ messageId: "<b@x>", inReplyTo: "<a@x>" })).References).toBe("<a@x> <b@x>");
    expect(replyHeaders(parsed({ messageId: "<b@x>" }))).toEqual({ "In-Reply-To": "<b@x>", References: "<b@x>" });
  });

  it("keeps the conversation's root and the latest entries of a long chain, and drops what is no message id", () => {
    const chain = Array.from({ length: 40 }, (_, index) => `<m${index}@x>`);
    const references = replyHeaders(
      parsed({ messageId: "<last@x>", references: [...chain, "not-an-id", "<with space@x>"] }),
    ).References!.split(" ");
    expect(references).toHaveLength(20);
    expect(references[0]).toBe("<m0@x>");
    expect(references.slice(-2)).toEqual(["<m39@x>", "<last@x>"]);
  });

  it("threads nothing when the message has no usable Message-ID", () => {
    expect(replyHeaders(parsed({}))).toEqual({});
    expect(replyHeaders(parsed({ messageId: "<broken\r\nBcc: x@y>" }))).toEqual({});
  });
});

describe("plainTextAlternative", () => {
  it("writes paragraphs, lists, quotes and links as text, without images, scripts or styles", () => {
    const html =
      "<style>p{color:red}</style><p>Hello <b>Ada</b>,</p><ul><li>one</li><li>two</li></ul>" +
      '<p><a href="https://example.com/plan">the plan</a> and <a href="https://example.com">https://example.com</a></p>' +
      '<blockquote>quoted</blockquote><img src="cid:logo" alt="Logo"><script>alert(1)</script>';
    expect(plainTextAlternative(html)).toBe(
      "Hello Ada,\n\n * one\n * two\n\nthe plan [https://example.com/plan] and https://example.com\n\n> quoted",
    );
  });

  it("leaves out what is nested deeper than it converts, instead of overflowing", () => {
    const deep = `${"<div>".repeat(20_000)}too deep${"</div>".repeat(20_000)}<p>kept</p>`;
    expect(plainTextAlternative(deep)).not.toContain("too deep");
  });
});

describe("specialUseOf", () => {
  it("reads the server's special-use flag, in any case, and INBOX by name", () => {
    expect(specialUseOf({ path: "Junk", flags: new Set(["\\HasNoChildren", "\\Junk"]) })).toBe("junk");
    expect(specialUseOf({ path: "Papierkorb", flags: new Set(["\\trash"]) })).toBe("trash");
    expect(specialUseOf({ path: "INBOX", flags: new Set() })).toBe("inbox");
  });

  it("never guesses from a name: a folder of one's own called Spam or Sent Mail stays ordinary", () => {
    expect(specialUseOf({ path: "Spam", flags: new Set(["\\HasNoChildren"]) })).toBeNull();
    expect(specialUseOf({ path: "Sent Mail", flags: new Set() })).toBeNull();
  });
});
