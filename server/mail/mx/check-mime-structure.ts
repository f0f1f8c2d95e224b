// The MIME structure of every inbound message, whoever it is for: at most
// MAX_MIME_PARTS parts (which also bounds how deep they nest) and part headers
// of at most MAX_PART_HEADER_BYTES, read by mailparser's streaming parser
// without keeping attachments. A message past them is refused at DATA with
// 554 5.6.0: a mailbox would store something its readers cannot open
// (docs/security.md, "MX limits").
import { MailParser } from "mailparser";
import { SmtpReply } from "@/server/mail/reply-codes";
import { MAX_MIME_PARTS, MAX_PART_HEADER_BYTES } from "./mx-limits";

export async function checkMimeStructure(raw: Buffer): Promise<void> {
  const parser = new MailParser({
    maxChildNodes: MAX_MIME_PARTS,
    maxHeadSize: MAX_PART_HEADER_BYTES,
    skipHtmlToText: true,
    skipTextToHtml: true,
    skipTextLinks: true,
    skipImageLinks: true,
    checksumAlgo: false,
  });
  const done = new Promise<void>((resolve, reject) => {
    parser.on("data", (part: { type: string; content?: NodeJS.ReadableStream; release?: () => void }) => {
      if (part.type !== "attachment") return;
      part.content?.resume();
      part.release?.();
    });
    parser.once("end", resolve);
    parser.once("error", reject);
  });
  parser.end(raw);
  try {
    await done;
  } catch (error) {
    throw new SmtpReply("invalidStructure", (error as Error).message.slice(0, 100));
  }
}
