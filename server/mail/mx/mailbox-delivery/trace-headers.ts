// The header lines a hosted mailbox's copy gains at the MX: a Received line
// and our Authentication-Results (docs/mailboxes.md, "Receiving mail"). An
// Authentication-Results header that already claims our host name came from
// the sender (or a hop before it) and is removed, so a reader can trust the
// one with our name (RFC 8601 §5); results of other hosts are kept. The name
// is compared the way readers compare it: quoted or not, any case, with or
// without a trailing dot, behind comments. X-Spam* fields are the spam
// filter's verdict (spam-headers.ts): the sender's own are removed too, so
// the only ones a mailbox (and its Sieve scripts) see are ours.
import type { AuthenticationSummary } from "@/server/mail/mx/authentication/authenticate-inbound";
import { splitHeaderBlock } from "@/server/services/messages/header-block";
import { MAX_HEADER_BYTES } from "../mx-limits";

const METHODS = ["spf", "dkim", "dmarc"] as const;

/** Line breaks not followed by whitespace would start a new header field: they become spaces. */
const oneField = (text: string) => text.replace(/\r?\n(?![ \t])|\r(?!\n)/g, " ");

/** `Authentication-Results: <host>; spf=…; dkim=…; dmarc=…`: mailauth's lines, with any of the three it left out added. */
export function authenticationResultsHeader(summary: AuthenticationSummary, hostname: string): string {
  const prefix = `Authentication-Results: ${hostname};`;
  // Without results (the checks failed or timed out) mailauth's line is `<host>; none (<reason>)`.
  const unavailable = /^[^;]*;\s*none \(([^)]*)\)$/.exec(summary.headers);
  const lines = summary.headers.startsWith(prefix) && !unavailable ? [summary.headers] : [prefix.slice(0, -1)];
  const comment = unavailable ? ` (${unavailable[1]})` : "";
  for (const method of METHODS) {
    if (!new RegExp(`[;\\s]${method}=`).test(lines[0]!)) lines.push(`${method}=${summary[method]}${comment}`);
  }
  return oneField(lines.join(";\r\n "));
}

/** `Received: from <helo> ([ip]) by <host> with ESMTP id <session>; <date>` (RFC 5321 §4.4). */
export function receivedHeader(input: { helo: string; remoteAddress: string; sessionId: string; hostname: string; date?: Date }): string {
  const helo =
    input.helo
      .replace(/[^\x21-\x7e]/g, "")
      .replace(/[()[\]\\;]/g, "")
      .slice(0, 255) || "unknown";
  const date = (input.date ?? new Date()).toUTCString().replace("GMT", "+0000");
  return `Received: from ${helo} ([${input.remoteAddress}])\r\n\tby ${input.hostname} with ESMTP id ${input.sessionId};\r\n\t${date}`;
}

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

const SPAM_FIELD = /^x-spam[\w-]*[ \t]*:/i;

/** The message with `headers` on top, without X-Spam* fields and without an Authentication-Results of its own that names `hostname`. */
export function prependTraceHeaders(raw: Buffer, headers: string[], hostname: string): Buffer {
  const top = Buffer.from(headers.map((line) => `${oneField(line)}\r\n`).join(""), "latin1");
  // The header block is at most MAX_HEADER_BYTES (checkInboundHeader refused longer ones at DATA).
  const text = raw.subarray(0, MAX_HEADER_BYTES + 4).toString("latin1");
  const end = splitHeaderBlock(text).fieldsEnd;
  // Fields, each with its continuation lines and line end, so what is kept stays byte for byte as received.
  const fields = text.slice(0, end).split(/(?<=\n)(?![ \t])/);
  const ours = hostname.toLowerCase().replace(/\.+$/, "");
  const kept = fields.filter((field) => {
    if (SPAM_FIELD.test(field)) return false;
    const match = /^authentication-results[ \t]*:(.*)$/is.exec(field);
    return !match || authservId(match[1]!.replace(/\r?\n/g, " ")) !== ours;
  });
  if (kept.length === fields.length) return Buffer.concat([top, raw]);
  return Buffer.concat([top, Buffer.from(kept.join(""), "latin1"), raw.subarray(end)]);
}
