// What the webmail's send and drafts share (docs/webmail.md, "Sending"): the
// sender (the mailbox or one of its aliases), and the message a reply answers
// or a forward passes on, read in the mailbox's IMAP session.
import type { ImapFlow } from "imapflow";
import type { ParsedMail } from "mailparser";
import { AppError, notFound } from "@/server/errors";
import { mailboxSenderAddresses } from "@/server/services/mailboxes/sender-addresses";
import { addressOf } from "@/shared/schemas/messages";
import { type LocatedMessage, locateMessage } from "./locate-message";
import { readOriginal } from "./original-message";

/** `from` as given (a display name kept) or the mailbox's own address; 400 on `from` for any other address. */
export async function senderOf(mailbox: { address: string }, from: string | undefined): Promise<string> {
  if (!from) return mailbox.address;
  const allowed = await mailboxSenderAddresses(mailbox.address);
  if (allowed.includes(addressOf(from)?.toLowerCase() ?? "")) return from;
  throw new AppError("validation_error", "Send as the mailbox's own address or one of its aliases.", {
    errors: [{ path: "from", message: `Use ${allowed.join(", ")}` }],
  });
}

export type Original = { kind: "reply" | "forward"; parsed: ParsedMail };

/** The message answered or forwarded, if any; 404 when the id names no message of this mailbox. */
export async function originalOf(client: ImapFlow, refs: { inReplyTo?: string; forwardOf?: string }): Promise<Original | null> {
  if (refs.inReplyTo) return { kind: "reply", parsed: await readOriginal(client, refs.inReplyTo, "inReplyTo") };
  if (refs.forwardOf) return { kind: "forward", parsed: await readOriginal(client, refs.forwardOf, "forwardOf") };
  return null;
}

/** A message in Drafts, its folder left open; 404 for an unknown id and for a message in any other folder. */
export async function locateDraft(client: ImapFlow, draftId: string): Promise<LocatedMessage> {
  const located = await locateMessage(client, draftId).catch((error: unknown) => {
    throw error instanceof AppError && error.code === "not_found" ? notFound("Draft") : error;
  });
  if (located.folder.specialUse !== "drafts") throw notFound("Draft");
  return located;
}
