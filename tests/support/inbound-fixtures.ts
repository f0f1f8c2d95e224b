// The hand-written reports of tests/fixtures/inbound/ (from RFC 3464's and
// RFC 5965's examples, and the shapes Postfix, Exim, Gmail and Outlook send),
// with their placeholders filled in and CRLF line ends, as they go on the wire.
import { readFileSync } from "node:fs";
import path from "node:path";

export type FixtureValues = {
  /** The return-path address the report is sent to. */
  verp: string;
  recipient: string;
  recipient2?: string;
  recipient3?: string;
  domain?: string;
  messageId?: string;
};

export function inboundFixture(name: string, values: FixtureValues): Buffer {
  const text = readFileSync(path.resolve("tests/fixtures/inbound", `${name}.eml`), "utf8")
    .replaceAll("__VERP__", values.verp)
    .replaceAll("__RECIPIENT_UPPER__", values.recipient.toUpperCase())
    .replaceAll("__RECIPIENT2__", values.recipient2 ?? "second@example.org")
    .replaceAll("__RECIPIENT3__", values.recipient3 ?? "third@example.org")
    .replaceAll("__RECIPIENT__", values.recipient)
    .replaceAll("__DOMAIN__", values.domain ?? "shop.example.net")
    .replaceAll("__MESSAGE_ID__", values.messageId ?? "<original-1@shop.example.net>");
  return Buffer.from(text.replace(/\r?\n/g, "\r\n"));
}
