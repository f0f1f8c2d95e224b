// The pieces every mail door shares: where a header block ends and what it
// holds, a new Message-ID, and the mailauth version check that guards its deep imports.
import { describe, expect, it } from "vitest";
import { assertMailauthVersion, MAILAUTH_VERSION } from "@/server/mailauth/mailauth";
import { headerBlockToParse, headerFields, headerFieldValue, splitHeaderBlock } from "@/server/message-format/header-block";
import { newMessageIdHeader } from "@/server/message-format/message-id";

describe("splitHeaderBlock", () => {
  it("ends the fields at the first empty line, with CRLF or bare LF", () => {
    expect(splitHeaderBlock("From: a@b.test\r\nSubject: Hi\r\n\r\nBody\r\n")).toEqual({
      header: "From: a@b.test\r\nSubject: Hi",
      fieldsEnd: 29,
      bodyStart: 31,
    });
    expect(splitHeaderBlock("From: a@b.test\n\nBody")).toEqual({ header: "From: a@b.test", fieldsEnd: 15, bodyStart: 16 });
  });

  it("reads a message that starts with an empty line as having no fields, as mailauth does", () => {
    expect(splitHeaderBlock("\r\nFrom: a@b.test\r\n\r\nBody")).toEqual({ header: "", fieldsEnd: 0, bodyStart: 2 });
  });

  it("takes a text without an empty line as all fields", () => {
    expect(splitHeaderBlock("From: a@b.test\r\n")).toEqual({ header: "From: a@b.test", fieldsEnd: 16, bodyStart: null });
  });

  it("gives a parser the header block and the empty line, none of the body", () => {
    expect(headerBlockToParse(Buffer.from("Subject: Hi\r\n\r\nsecret body"), 1024).toString()).toBe("Subject: Hi\r\n\r\n");
  });
});

describe("headerFields", () => {
  it("keeps continuation lines with their field and names fields in lower case", () => {
    const fields = headerFields("Subject: one\r\n two\r\nX-CES-Tags: a=b\r\nbroken line");
    expect(fields.map((field) => field.name)).toEqual(["subject", "x-ces-tags", ""]);
    expect(headerFieldValue(fields[0]!)).toBe("one  two");
  });
});

describe("the mailauth version check", () => {
  it("accepts the release the deep imports were written for", () => {
    expect(() => assertMailauthVersion(MAILAUTH_VERSION)).not.toThrow();
  });

  it("stops with a clear error on any other release", () => {
    expect(() => assertMailauthVersion("7.2.0")).toThrow(/mailauth 7\.2\.0 is installed; this code reads mailauth 7\.1\.0/);
  });
});

describe("newMessageIdHeader", () => {
  it("is 128 random bits at the sending domain, a new one each time", () => {
    const id = newMessageIdHeader("shop.example");
    expect(id).toMatch(/^<[0-9a-f]{32}@shop\.example>$/);
    expect(newMessageIdHeader("shop.example")).not.toBe(id);
  });
});
