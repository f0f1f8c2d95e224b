// The header block of an inbound message, checked before anything parses it:
// no header line over RFC 5322's 998 characters, no NUL bytes, a bounded
// block, and exactly one From holding exactly one mailbox (the From rule every
// door shares: DMARC judges that one author, so a second From or a list would
// let a forged one through). A message that fails is refused at DATA with 554 5.6.0.
import { SmtpReply } from "@/server/mail/reply-codes";
import { splitHeaderBlock } from "@/server/message-format/header-block";
import { readFromHeader } from "@/server/message-format/read-from-header";
import { MAX_HEADER_BYTES, MAX_HEADER_LINE_LENGTH } from "./mx-limits";

export function checkInboundHeader(raw: Buffer): void {
  const window = raw.subarray(0, MAX_HEADER_BYTES + 4).toString("latin1");
  const { header, bodyStart } = splitHeaderBlock(window);
  if (bodyStart === null && raw.length > MAX_HEADER_BYTES)
    throw new SmtpReply("invalidMessage", `the header block is over ${MAX_HEADER_BYTES / 1024} KiB`);
  if (header.includes("\0")) throw new SmtpReply("invalidMessage", "NUL bytes are not allowed in a message");
  for (const line of header.split(/\r?\n/)) {
    if (line.length > MAX_HEADER_LINE_LENGTH)
      throw new SmtpReply("invalidMessage", `a header line is over ${MAX_HEADER_LINE_LENGTH} characters`);
  }
  const from = readFromHeader(Buffer.from(header, "latin1"));
  if (!from.mailbox) throw new SmtpReply("invalidMessage", from.problem);
}
