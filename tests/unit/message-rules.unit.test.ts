import { describe, expect, it } from "vitest";
import { SmtpReply } from "@/server/mail/reply-codes";
import { readSubmittedMessage } from "@/server/mail/submission/submitted-message";
import { buildMessage } from "@/server/services/messages/build-message";
import { readFromHeader } from "@/server/message-format/read-from-header";
import { hasBareLineBreak, withCrlf } from "@/shared/schemas/line-breaks";
import { sendMessageBody } from "@/shared/schemas/messages";
import { reservedHeaderKind } from "@/shared/schemas/reserved-headers";

const from = (header: string) => readFromHeader(Buffer.from(header, "utf8"));

async function refusal(raw: string): Promise<string> {
  const error = await readSubmittedMessage(Buffer.from(raw, "utf8"), "mail.test").then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error, raw).toBeInstanceOf(SmtpReply);
  expect((error as SmtpReply).responseCode).toBe(554);
  return (error as SmtpReply).message;
}

describe("the From rule", () => {
  it("takes exactly one From field with exactly one mailbox, display names decoded", () => {
    expect(from("From: =?UTF-8?Q?Jos=C3=A9?= <jose@example.com>\r\nTo: a@example.org")).toEqual({
      mailbox: { name: "José", address: "jose@example.com" },
    });
    expect(from("from : ada@example.com").mailbox?.address).toBe("ada@example.com");
  });

  it("refuses two From fields in either order, a list, a group, an empty From and none", () => {
    for (const header of [
      "From: a@ours.example\r\nFrom: b@bank.example",
      "From: b@bank.example\r\nSubject: x\r\nfrom: a@ours.example",
      "From: a@ours.example, b@bank.example",
      "From: Board: a@ours.example;",
      "From: <>",
      "Subject: no author",
    ]) {
      expect(from(header).problem, header).toBeTruthy();
    }
  });
});

describe("which headers a customer may set", () => {
  it("sorts reserved names into the API's own, the service's and the trace headers", () => {
    expect(reservedHeaderKind("Subject")).toBe("message");
    expect(reservedHeaderKind("Sender")).toBe("service");
    expect(reservedHeaderKind("Resent-From")).toBe("service");
    expect(reservedHeaderKind("X-CES-Message-ID")).toBe("service");
    expect(reservedHeaderKind("Received")).toBe("trace");
    expect(reservedHeaderKind("ARC-Seal")).toBe("trace");
    expect(reservedHeaderKind("List-Unsubscribe")).toBeNull();
  });
});

describe("line endings", () => {
  it("writes every break as CRLF and finds a bare CR, a bare LF or a NUL", () => {
    expect(withCrlf("a\rb\nc\r\nd\r\r\n")).toBe("a\r\nb\r\nc\r\nd\r\n\r\n");
    expect(hasBareLineBreak(Buffer.from("a\r\nb\r\n"))).toBe(false);
    for (const bad of ["a\rb", "a\nb", "a\0b", "a\r\n\rb"]) expect(hasBareLineBreak(Buffer.from(bad)), JSON.stringify(bad)).toBe(true);
  });

  it("the sending API builds bodies with bare CR and LF into a message with CRLF only", async () => {
    const built = await buildMessage(
      {
        from: "Ada <ada@mail.example>",
        to: ["grace@example.org"],
        subject: "Hello",
        text: "before\r.\r\nMAIL FROM:<x@other.example>\nnext",
        html: "<p>a\rb</p>\n<p>c</p>",
        trackOpens: false,
        trackClicks: false,
      },
      { id: "msg_test", messageIdHeader: "<msg_test@mail.example>", date: new Date("2026-11-24T12:00:00Z") },
    );
    expect(hasBareLineBreak(built.raw)).toBe(false);
  });

  it("an attached message (message/rfc822, sent unencoded) gets CRLF too, and one with a NUL is refused", async () => {
    const build = (content: string) =>
      buildMessage(
        {
          from: "ada@mail.example",
          to: ["grace@example.org"],
          subject: "Hello",
          text: "see attached",
          attachments: [{ filename: "forwarded.eml", content: Buffer.from(content).toString("base64") }],
          trackOpens: false,
          trackClicks: false,
        },
        { id: "msg_test", messageIdHeader: "<msg_test@mail.example>", date: new Date("2026-11-24T12:00:00Z") },
      );
    const built = await build("Subject: inner\r\rbefore\r.\r\nMAIL FROM:<x@other.example>\n");
    expect(hasBareLineBreak(built.raw)).toBe(false);
    await expect(build("Subject: inner\r\n\r\na\0b\r\n")).rejects.toMatchObject({ code: "validation_error" });
  });

  it("the sending API refuses NUL in a subject, a header value, the text and the html", () => {
    const base = { from: "ada@mail.example", to: "grace@example.org", subject: "Hi", text: "x" };
    for (const change of [{ subject: "a\0b" }, { headers: { "X-Note": "a\0b" } }, { text: "a\0b" }, { html: "a\0b" }]) {
      expect(sendMessageBody.safeParse({ ...base, ...change }).success, JSON.stringify(change)).toBe(false);
    }
  });
});

describe("a message submitted over SMTP, under the rules", () => {
  it("refuses a second From, From spellings it cannot send as, and the service's headers with 554", async () => {
    for (const head of [
      "From: ada@sender.test\r\nFrom: ceo@bank.test",
      'From: "ceo@bank.test" <ada@sender.test>',
      "From: =?utf-8?B?Y2VvQGJhbmsudGVzdA==?= <ada@sender.test>",
      "From: ada@sender.test.",
      "From: ada@sender.test (ceo@bank.test)",
    ]) {
      expect(await refusal(`${head}\r\nTo: bob@example.com\r\n\r\nhi\r\n`)).toMatch(/From/);
    }
    for (const header of ["Sender: ceo@bank.test", "Resent-From: ceo@bank.test", "X-CES-Message-ID: msg_x"]) {
      expect(await refusal(`From: ada@sender.test\r\n${header}\r\n\r\nhi\r\n`)).toContain(header.split(":")[0]);
    }
  });

  it("removes trace headers and writes a bare CR as CRLF", async () => {
    const read = await readSubmittedMessage(
      Buffer.from("Received: from x by y\r\nAuthentication-Results: y; dmarc=pass\r\nFrom: Ada <ada@sender.test>\r\n\r\na\rb\r\n"),
      "mail.test",
    );
    const text = read.raw.toString("latin1");
    expect(text).not.toMatch(/^(Received|Authentication-Results):/im);
    expect(text.endsWith("\r\n\r\na\r\nb\r\n")).toBe(true);
    expect(read.from).toBe("Ada <ada@sender.test>");
  });
});
