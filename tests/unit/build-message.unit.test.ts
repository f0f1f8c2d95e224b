import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { buildMessage } from "@/server/services/messages/build-message";
import { preferredTextEncoding } from "@/server/message-format/text-encoding";

const identity = { id: "msg_test", messageIdHeader: "<msg_test@mail.example>", date: new Date("2026-11-24T12:00:00Z") };
const send = (html: string, text?: string) =>
  buildMessage(
    { from: "Ada <ada@mail.example>", to: ["grace@example.org"], subject: "Hello", html, text, trackOpens: false, trackClicks: false },
    identity,
  );

const transferEncodings = (raw: Buffer) =>
  [...raw.toString("latin1").matchAll(/^Content-Transfer-Encoding: (.+)$/gim)].map((m) => m[1]!.trim());

describe("the transfer encoding of a message's text", () => {
  it("is quoted-printable for mostly Latin text and base64 for mostly other scripts", () => {
    expect(preferredTextEncoding("<p>Grüße aus Köln, das Wetter ist schön</p>")).toBe("quoted-printable");
    expect(preferredTextEncoding("<p>東京からこんにちは。今日はいい天気ですね。</p>")).toBe("base64");
    expect(preferredTextEncoding(undefined, "\u0000\u0001ab")).toBe("base64");
    expect(preferredTextEncoding("", undefined)).toBe("base64");
  });

  it("is what the built message's long text parts use, and both decode to what was sent", async () => {
    const latin = `<p>${"Newsletter line with an accent: café. ".repeat(40)}</p>`;
    const latinBuilt = await send(latin, "Plain café");
    expect(transferEncodings(latinBuilt.raw)).toContain("quoted-printable");
    expect((await simpleParser(latinBuilt.raw)).html).toContain(latin.slice(3, 60));

    const japanese = `<p>${"東京からのお知らせです。".repeat(40)}</p>`;
    const japaneseBuilt = await send(japanese);
    expect(transferEncodings(japaneseBuilt.raw)).toEqual(["base64"]);
    expect((await simpleParser(japaneseBuilt.raw)).html).toContain(japanese.slice(3, 30));
  });
});

describe("building a message again", () => {
  it("gives the same bytes, so a message built at each delivery attempt is the one that was accepted", async () => {
    const input = {
      from: "Ada <ada@mail.example>",
      to: ["grace@example.org"],
      subject: "Hello again",
      html: `<p>${'Line with a link <a href="https://example.org/a">here</a>. '.repeat(30)}</p>`,
      text: "Plain text",
      trackOpens: true,
      trackClicks: true,
    };
    const first = await buildMessage(input, identity);
    const second = await buildMessage(input, identity);
    expect(first.raw.equals(second.raw)).toBe(true);
    const other = await buildMessage(input, { ...identity, id: "msg_other" });
    expect(other.raw.equals(first.raw)).toBe(false);
    expect(first.raw.toString("latin1")).toMatch(/boundary="?--_NmP-[0-9a-f]{24}-Part_1"?/);
  });
});
