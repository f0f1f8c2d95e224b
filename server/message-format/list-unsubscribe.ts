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
