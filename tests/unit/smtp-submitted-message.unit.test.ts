import { afterEach, describe, expect, it, vi } from "vitest";
import { SmtpReply } from "@/server/mail/reply-codes";
import { readSubmittedMessage } from "@/server/mail/submission/submitted-message";

const message = (headers: string[], body = "Hello there.\r\n") => Buffer.from(`${headers.join("\r\n")}\r\n\r\n${body}`, "utf8");

async function refusal(raw: Buffer): Promise<SmtpReply> {
  const error = await readSubmittedMessage(raw, "mail.test").then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SmtpReply);
  return error as SmtpReply;
}

describe("a message submitted over SMTP", () => {
  it("keeps the client's bytes, minus Bcc and the control headers, and reads the log fields", async () => {
    const raw = message(
      [
        'From: "Ada L." <ada@sender.test>',
        "To: bob@example.com, Carol <carol@example.com>",
        "Cc: dan@example.com",
        "Bcc: secret@example.com",
        "Reply-To: replies@sender.test",
        "List-Unsubscribe: <mailto:unsub@sender.test>",
        "Subject: =?UTF-8?Q?Gr=C3=BC=C3=9Fe?=",
        "Message-ID: <abc@sender.test>",
        "Date: Mon, 23 Nov 2026 10:00:00 +0000",
        "X-CES-Tags: campaign=welcome, plan=pro",
        "X-CES-Idempotency-Key: order-42",
        "X-Custom: kept",
      ],
      "Grüße — ünïcode body\r\n",
    );
    const read = await readSubmittedMessage(raw, "mail.test");
    const text = read.raw.toString("utf8");
    expect(text).not.toMatch(/^Bcc:/im);
    expect(text).not.toMatch(/^X-CES-/im);
    expect(text).toContain("List-Unsubscribe: <mailto:unsub@sender.test>\r\n");
    expect(text).toContain("X-Custom: kept\r\n");
    expect(text.endsWith("\r\n\r\nGrüße — ünïcode body\r\n")).toBe(true);
    expect(read).toMatchObject({
      from: '"Ada L." <ada@sender.test>',
      fromAddress: "ada@sender.test",
      to: ["bob@example.com", '"Carol" <carol@example.com>'],
      cc: ["dan@example.com"],
      replyTo: ["replies@sender.test"],
      subject: "Grüße",
      messageIdHeader: "<abc@sender.test>",
      tags: [
        { name: "campaign", value: "welcome" },
        { name: "plan", value: "pro" },
      ],
      idempotencyKey: "order-42",
    });
  });

  it("turns bare LF line ends into CRLF and adds Message-ID and Date when missing", async () => {
    const read = await readSubmittedMessage(
      Buffer.from("From: ada@sender.test\nTo: bob@example.com\nSubject: hi\n\nline one\nline two\n"),
      "mail.test",
    );
    const text = read.raw.toString("latin1");
    expect(text).not.toMatch(/[^\r]\n/);
    expect(text).toMatch(/^Message-ID: <[0-9a-f]{32}@mail\.test>\r\n/m);
    expect(text).toMatch(/^Date: .+ \+0000\r\n/m);
    expect(read.messageIdHeader).toMatch(/@mail\.test>$/);
    expect(text.endsWith("\r\n\r\nline one\r\nline two\r\n")).toBe(true);
  });

  it("removes folded continuation lines together with a removed header", async () => {
    const read = await readSubmittedMessage(
      message(["From: ada@sender.test", "Bcc: one@example.com,", " two@example.com", "Subject: s"]),
      "mail.test",
    );
    expect(read.raw.toString()).not.toContain("two@example.com");
  });

  it.each([
    ["two mailboxes", "From: ceo@victim-bank.test, A <hello@sender.test>"],
    ["a group", "From: Grp: ceo@victim-bank.test; <hello@sender.test>"],
    ["no address", "From: nobody"],
  ])("refuses a From with %s", async (_case, from) => {
    const reply = await refusal(message([from, "To: bob@example.com", "Subject: s"]));
    expect(reply.responseCode).toBe(554);
    expect(reply.message).toMatch(/^5\.6\.0 .*From must be exactly one mailbox/);
  });

  it("refuses a message without From", async () => {
    expect((await refusal(message(["To: bob@example.com", "Subject: s"]))).responseCode).toBe(554);
  });

  it("refuses NUL bytes, header floods and lines that are not headers", async () => {
    expect((await refusal(Buffer.from("From: a@b.test\r\nSubject: x\0y\r\n\r\nbody"))).message).toMatch(/NUL/);
    const flood = Array.from({ length: 10_000 }, (_, index) => `X-Flood-${index}: ${index}`);
    expect((await refusal(message(["From: ada@sender.test", ...flood]))).message).toMatch(/header fields/);
    expect((await refusal(message(["From: ada@sender.test", "this is not a header"]))).message).toMatch(/no field name/);
  });

  it("refuses malformed control headers", async () => {
    expect((await refusal(message(["From: ada@sender.test", "X-CES-Tags: bad tag"]))).message).toMatch(/X-CES-Tags|x-ces-tags/i);
    expect((await refusal(message(["From: ada@sender.test", `X-CES-Idempotency-Key: ${"k".repeat(300)}`]))).message).toMatch(
      /idempotency/i,
    );
  });

  describe("fingerprint", () => {
    afterEach(() => vi.useRealTimers());

    it("is the same for the same bytes submitted again later, though the added Date and Message-ID differ", async () => {
      const raw = message(["From: ada@sender.test", "To: bob@example.com", "Subject: once", "X-CES-Idempotency-Key: order-1"]);
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(new Date("2026-11-23T10:00:00Z"));
      const first = await readSubmittedMessage(raw, "mail.test");
      vi.setSystemTime(new Date("2026-11-23T10:05:00Z"));
      const second = await readSubmittedMessage(raw, "mail.test");
      expect(first.raw.equals(second.raw)).toBe(false);
      expect(second.fingerprint).toBe(first.fingerprint);
    });

    it("differs when the message differs", async () => {
      const one = await readSubmittedMessage(message(["From: ada@sender.test", "Subject: one"]), "mail.test");
      const two = await readSubmittedMessage(message(["From: ada@sender.test", "Subject: two"]), "mail.test");
      expect(two.fingerprint).not.toBe(one.fingerprint);
    });
  });
});
