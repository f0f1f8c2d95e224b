// One mailbox ("ada@example.com" or "Ada Lovelace <ada@example.com>") read with
// a real RFC 5322 parser (nodemailer's addressparser), then held to stricter
// rules than the RFC: exactly one mailbox, no group syntax, and a display name
// that cannot pass for an address. A sender who could write
// `ceo@bank.example, A <hello@our-domain>` would have mail clients show the
// first address while the envelope and DKIM use the second. Headers are then
// written from the parsed parts (never from the caller's text), so what a
// mail client shows is exactly what the envelope carries. The same rules serve
// every way mail enters the service (the sending API, SMTP submission).
// See docs/security.md.
import addressparser from "nodemailer/lib/addressparser";

export type Mailbox = { name: string; address: string };

// Dot-atom local part (ASCII specials of RFC 5322 atext, or non-ASCII for
// SMTPUTF8), a host name with a top-level label. No quoted local parts.
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~\u0080-\uFFFF-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~\u0080-\uFFFF-]+)*$/;
// "localhost" too: outside production the service's own mail host (the test sender's) is often just that.
const DOMAIN = /^(([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z0-9-]{2,63}|localhost)$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this rejects
const CONTROL = /[\u0000-\u001f\u007f]/;
// Something that reads as an address inside a name: `ceo@bank.example`, `<…>`.
const ADDRESS_LIKE = /[^\s@]@[^\s@]|[<>]/;
// RFC 2047 encoded words decode to anything (an address included) in some clients.
const ENCODED_WORD = /=\?/;
// At most one angle-bracketed address, and it ends the text.
const ONE_ANGLE_ADDR = /^[^<>]*(<[^<>]*>)?$/;
const MAX_NAME = 200;

/** The address with its domain lower-cased, or null when it is not a plain address. */
export function normaliseAddress(address: string): string | null {
  const at = address.lastIndexOf("@");
  if (at <= 0 || address.length > 254) return null;
  const [local, domain] = [address.slice(0, at), address.slice(at + 1)];
  if (local.length > 64 || !LOCAL_PART.test(local) || !DOMAIN.test(domain)) return null;
  return `${local}@${domain.toLowerCase()}`;
}

/** The single mailbox in `text`, or null: not an address, several, a group, or a name that imitates an address. */
export function parseMailbox(text: string): Mailbox | null {
  const value = text.trim();
  if (!value || CONTROL.test(value) || !ONE_ANGLE_ADDR.test(value)) return null;
  const parsed = addressparser(value);
  if (parsed.length !== 1) return null;
  const entry = parsed[0]!;
  if ("group" in entry || typeof entry.address !== "string") return null;
  return checkMailbox({ name: entry.name ?? "", address: entry.address });
}

/** A parsed mailbox held to the rules above (address canonical, name that cannot pass for an address), or null. */
export function checkMailbox(parsed: Mailbox): Mailbox | null {
  const address = normaliseAddress(parsed.address);
  if (!address) return null;
  const name = parsed.name.replace(/\s+/g, " ").trim();
  if (name.length > MAX_NAME || CONTROL.test(name) || ADDRESS_LIKE.test(name) || ENCODED_WORD.test(name)) return null;
  return { name, address };
}

// A phrase of atoms (letters, digits, atext specials) and spaces needs no quotes.
const PLAIN_PHRASE = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~ -]+$/;

/** The mailbox as one canonical string; parseMailbox reads it back to the same parts. */
export function formatMailbox({ name, address }: Mailbox): string {
  if (!name) return address;
  const phrase = PLAIN_PHRASE.test(name) ? name : `"${name.replace(/(["\\])/g, "\\$1")}"`;
  return `${phrase} <${address}>`;
}

/** The bare address of a mailbox string, domain lower-cased; null when it is not exactly one mailbox. */
export function addressOf(text: string): string | null {
  return parseMailbox(text)?.address ?? null;
}

/** The domain of a mailbox string's address, lower-case; null when it is not exactly one mailbox. */
export function domainOf(text: string): string | null {
  const address = addressOf(text);
  return address ? address.slice(address.lastIndexOf("@") + 1) : null;
}
