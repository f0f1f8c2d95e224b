// Trace headers on a copy that enters a hosted mailbox, by any route (the MX,
// or our own pipeline's hosted route): the receiving host's Received and
// Authentication-Results go on top. An Authentication-Results header that
// already claims our host name came from the sender (or a hop before it) and
// is removed, so a reader can trust the one with our name (RFC 8601 §5);
// results of other hosts are kept. The name is compared the way readers
// compare it: quoted or not, any case, with or without a trailing dot, behind
// comments. X-Spam* fields are the spam filter's verdict: the sender's own are
// removed too, so the only ones a mailbox (and its Sieve scripts) see are ours.
import { splitHeaderBlock } from "./header-block";

/** No door takes a header block longer than this (the MX and submission refuse one at DATA). */
const MAX_HEADER_BYTES = 256 * 1024;

/** Line breaks not followed by whitespace would start a new header field: they become spaces. */
export const oneField = (text: string) => text.replace(/\r?\n(?![ \t])|\r(?!\n)/g, " ");

/** Comments, nested ones too, and quoted-pair escapes: what a reader of the field ignores. */
function withoutComments(value: string): string {
  let text = value;
  for (let previous = ""; previous !== text; ) {
    previous = text;
    text = text.replace(/\((?:[^()\\]|\\.)*\)/g, " ");
  }
  return text;
}

/**
 * The authserv-id of an Authentication-Results field's value, as a reader
 * would compare it: a token or a quoted string (RFC 8601 §2.2), comments left
 * out, lower case, without a trailing dot (`"Mail.Example."` is `mail.example`).
 */
export function authservId(value: string): string {
  const text = withoutComments(value).trimStart();
  const quoted = /^"((?:[^"\\]|\\.)*)"/.exec(text);
  const id = quoted ? quoted[1]!.replace(/\\(.)/g, "$1") : (text.split(";")[0]!.trim().split(/\s+/)[0] ?? "");
  return id.trim().toLowerCase().replace(/\.+$/, "");
}

/** Whether an Authentication-Results value names `hostname` as the server that wrote it. */
export const isAuthenticationResultsOf = (value: string, hostname: string) =>
  authservId(value.replace(/\r?\n/g, " ")) === hostname.toLowerCase().replace(/\.+$/, "");

const SPAM_FIELD = /^x-spam[\w-]*[ \t]*:/i;

/** The message with `headers` on top, without X-Spam* fields and without an Authentication-Results of its own that names `hostname`. */
export function prependTraceHeaders(raw: Buffer, headers: string[], hostname: string): Buffer {
  const top = Buffer.from(headers.map((line) => `${oneField(line)}\r\n`).join(""), "latin1");
  const text = raw.subarray(0, MAX_HEADER_BYTES + 4).toString("latin1");
  const end = splitHeaderBlock(text).fieldsEnd;
  // Fields, each with its continuation lines and line end, so what is kept stays byte for byte as received.
  const fields = text.slice(0, end).split(/(?<=\n)(?![ \t])/);
  const kept = fields.filter((field) => {
    if (SPAM_FIELD.test(field)) return false;
    const match = /^authentication-results[ \t]*:(.*)$/is.exec(field);
    return !match || !isAuthenticationResultsOf(match[1]!, hostname);
  });
  if (kept.length === fields.length) return Buffer.concat([top, raw]);
  return Buffer.concat([top, Buffer.from(kept.join(""), "latin1"), raw.subarray(end)]);
}
