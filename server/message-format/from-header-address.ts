// The address a message's From header names, for the block and allow lists
// (server/services/mailboxes/sender-lists.ts) and the hosted route's
// Authentication-Results: the first mailbox of the first From field, lower
// case. What a From must look like to be taken at all is read-from-header.ts.
import addressparser from "nodemailer/lib/addressparser";
import { headerFields, splitHeaderBlock } from "./header-block";

/** How much of a message is read for its From header; the MX refuses longer header blocks anyway. */
const HEADER_READ_BYTES = 256 * 1024;

/** The From header's address, lower case, or null. */
export function fromHeaderAddress(raw: Buffer): string | null {
  const { header } = splitHeaderBlock(raw.subarray(0, HEADER_READ_BYTES + 4).toString("latin1"));
  const field = headerFields(header).find((candidate) => candidate.name === "from");
  if (!field) return null;
  const value = field.lines.join(" ").replace(/^[^:]*:/, "");
  const first = addressparser(value, { flatten: true })[0];
  return first?.address ? first.address.toLowerCase() : null;
}
