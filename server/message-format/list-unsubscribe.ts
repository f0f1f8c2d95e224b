// The one-click unsubscribe fields of RFC 8058 (docs/consent.md): a https
// link that takes a POST of `List-Unsubscribe=One-Click`, and a mailto
// address for clients that only write mail. Any List-Unsubscribe fields the
// message had are replaced, so a reader's copy names only its own links.
import { headerFields, splitHeaderBlock } from "./header-block";

const REPLACED = new Set(["list-unsubscribe", "list-unsubscribe-post"]);

export function withListUnsubscribe(raw: Buffer, links: { url: string; mailto: string }): Buffer {
  const text = raw.toString("latin1");
  const { header, fieldsEnd } = splitHeaderBlock(text);
  const fields = headerFields(header);
  const kept = fields.some((field) => REPLACED.has(field.name))
    ? fields.filter((field) => !REPLACED.has(field.name)).flatMap((field) => field.lines)
    : null;
  const added = `List-Unsubscribe: <${links.url}>,\r\n <mailto:${links.mailto}>\r\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n`;
  if (!kept) return Buffer.concat([Buffer.from(added, "latin1"), raw]);
  return Buffer.concat([
    Buffer.from(`${added}${kept.map((line) => `${line}\r\n`).join("")}`, "latin1"),
    // latin1 maps each byte to one character, so the index is the byte offset.
    raw.subarray(fieldsEnd),
  ]);
}

/** How a received message says it can be unsubscribed from: RFC 8058's one-click POST to an https link, else a mailto address. */
export type UnsubscribeOption = { oneClick: true; url: string } | { mailto: string } | null;

/** The option of a message's header lines (mailparser's `headerLines`: lower-case key, the whole field as written). */
export function unsubscribeOptionOf(lines: readonly { key: string; line: string }[]): UnsubscribeOption {
  const value = (key: string) => {
    const field = lines.find((line) => line.key === key);
    return field
      ? field.line
          .slice(field.line.indexOf(":") + 1)
          .replace(/\r?\n[ \t]+/g, " ")
          .trim()
      : null;
  };
  const links = [...(value("list-unsubscribe") ?? "").matchAll(/<([^<>\s]+)>/g)].map((match) => match[1]!);
  const oneClick = /^list-unsubscribe=one-click$/i.test(value("list-unsubscribe-post") ?? "");
  const https = links.find((link) => URL.canParse(link) && new URL(link).protocol === "https:");
  if (oneClick && https) return { oneClick: true, url: https };
  const mailto = links.find((link) => /^mailto:/i.test(link));
  if (!mailto) return null;
  const address = decodeURIComponent(mailto.slice("mailto:".length).split("?")[0]!);
  return /^[^@\s]+@[^@\s]+$/.test(address) ? { mailto: address } : null;
}
