// What a From must look like, on every door that takes a message already
// built (the MX at DATA, SMTP submission): exactly one From field, holding
// exactly one mailbox. Two From fields, or a list in one, let a mail client
// show one author while DMARC or a DKIM signature speaks for another
// (docs/security.md, "Mail-plane rules"). The fields are split by mailauth's
// own splitter, so the count here is the count its DMARC check sees, and the
// value is read once, by mailparser's address parser (display names decoded).
import { parseAddressHeader } from "mailparser";
import { parseHeaders } from "@/server/mailauth/mailauth";

export type FromReading = { mailbox: { name: string; address: string }; problem?: never } | { mailbox?: never; problem: string };

/** The From mailbox of a header block (bytes up to the blank line), or why there is not exactly one. */
export function readFromHeader(header: Buffer): FromReading {
  const fields = parseHeaders(header).parsed.filter((field) => field.key === "from");
  if (fields.length === 0) return { problem: "the From header is missing" };
  if (fields.length > 1) return { problem: "a message has exactly one From header" };
  const line = fields[0]!.line.toString("utf8");
  const entries = parseAddressHeader(line.slice(line.indexOf(":") + 1), { decodePunycode: false }).value;
  const entry = entries[0];
  const address = entry?.address ?? "";
  const at = address.lastIndexOf("@");
  if (entries.length !== 1 || !entry || entry.group || at <= 0 || at === address.length - 1) {
    return { problem: "From must be exactly one mailbox" };
  }
  return { mailbox: { name: entry.name, address } };
}
