// Drafts (docs/webmail.md, "Drafts"): a draft is a message in the mailbox's
// Drafts folder, flagged \Draft, as mail clients keep them, so a draft begun
// in the portal can be finished in any mail client and the other way round.
// Saving again stores the new version and deletes the old one; its id changes.
// A reply's draft is threaded already; the message it answers or forwards is
// noted in fields of our own, so the portal can send it with the same fields.
import type { ImapFlow } from "imapflow";
import MailComposer from "nodemailer/lib/mail-composer";
import { now } from "@/server/clock";
import { withMailboxSession } from "@/server/mail-store/dovecot/mailbox-reader";
import { getOwnMailboxOrThrow } from "@/server/services/mailboxes/own-mailbox";
import { tooLargeError } from "@/server/services/messages/build-message";
import { withCrlf } from "@/shared/schemas/line-breaks";
import type { MailboxDraftInput } from "@/shared/schemas/mailbox-compose";
import { type Mailbox, parseMailbox } from "@/shared/schemas/mail-address";
import { MAX_MESSAGE_BYTES } from "@/shared/schemas/message-size";
import { appendToSpecialFolder } from "./append-to-folder";
import { locateDraft, senderOf } from "./compose";
import { locateMessage } from "./locate-message";
import { readOriginal, replyHeaders } from "./original-message";
import { DRAFT_FORWARD_OF_HEADER, DRAFT_IN_REPLY_TO_HEADER } from "./service-headers";

const DRAFT_FLAGS = ["\\Draft", "\\Seen"];

const mailboxesOf = (list: string[] | undefined): Mailbox[] | undefined =>
  list?.length ? list.flatMap((text) => parseMailbox(text) ?? []) : undefined;

async function draftMessage(client: ImapFlow, body: MailboxDraftInput, from: string): Promise<Buffer> {
  // A reply's draft is threaded now; a forward's only has to name a message of this mailbox (404 otherwise).
  const answered = body.inReplyTo ? await readOriginal(client, body.inReplyTo, "inReplyTo") : null;
  if (body.forwardOf) await locateMessage(client, body.forwardOf);
  const headers: Record<string, string> = answered ? replyHeaders(answered) : {};
  if (body.inReplyTo) headers[DRAFT_IN_REPLY_TO_HEADER] = body.inReplyTo;
  if (body.forwardOf) headers[DRAFT_FORWARD_OF_HEADER] = body.forwardOf;
  const message = new MailComposer({
    from: parseMailbox(from) ?? from,
    to: mailboxesOf(body.to),
    cc: mailboxesOf(body.cc),
    bcc: mailboxesOf(body.bcc),
    subject: body.subject || undefined,
    html: body.html ? withCrlf(body.html) : undefined,
    text: body.text !== undefined ? withCrlf(body.text) : undefined,
    attachments: (body.attachments ?? []).map((file) => ({
      filename: file.filename,
      content: Buffer.from(file.content, "base64"),
      contentType: file.contentType,
      ...(file.contentId ? { cid: file.contentId } : {}),
    })),
    headers,
    date: now(),
  }).compile();
  // A draft keeps its blind copies (the message sent from it will not show them).
  message.keepBcc = true;
  const raw = await message.build();
  if (raw.length > MAX_MESSAGE_BYTES) throw tooLargeError();
  return raw;
}

async function appendDraft(client: ImapFlow, raw: Buffer): Promise<{ id: string }> {
  const id = await appendToSpecialFolder(client, "drafts", raw, DRAFT_FLAGS);
  if (!id) throw new Error("Dovecot did not report the UID of a stored draft");
  return { id };
}

/** POST /mailboxes/{mailbox_id}/drafts */
export async function saveDraft(accountId: string, mailboxId: string, body: MailboxDraftInput): Promise<{ id: string }> {
  const mailbox = await getOwnMailboxOrThrow(accountId, mailboxId);
  const from = await senderOf(mailbox, body.from);
  return withMailboxSession(mailbox, async (client) => appendDraft(client, await draftMessage(client, body, from)));
}

/** PUT /mailboxes/{mailbox_id}/drafts/{draft_id}: the new version stored, then the old one deleted for good. */
export async function replaceDraft(
  accountId: string,
  mailboxId: string,
  draftId: string,
  body: MailboxDraftInput,
): Promise<{ id: string }> {
  const mailbox = await getOwnMailboxOrThrow(accountId, mailboxId);
  const from = await senderOf(mailbox, body.from);
  return withMailboxSession(mailbox, async (client) => {
    const old = await locateDraft(client, draftId);
    const saved = await appendDraft(client, await draftMessage(client, body, from));
    await client.mailboxOpen(old.folder.name);
    await client.messageDelete(String(old.uid), { uid: true });
    return saved;
  });
}
