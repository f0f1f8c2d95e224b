// POST /mailboxes/{mailbox_id}/send (docs/webmail.md, "Sending"): a message
// written in the webmail leaves through the sending pipeline like any API
// send (suppressions, quota, DKIM, idempotency), as the mailbox or one of its
// aliases; then its copy goes into Sent, linked to the sending message, and
// the draft it was written in is deleted.
import type { ImapFlow } from "imapflow";
import { logger } from "@/server/logger";
import { withMailboxSession } from "@/server/mail-store/dovecot/mailbox-reader";
import { fetchMessageExtras } from "@/server/mail-store/dovecot/dovecot-message-extras";
import { sha256Hex } from "@/server/security/crypto";
import type { SendingPrincipal } from "@/server/services/auth/sending-principal";
import { getOwnMailboxOrThrow } from "@/server/services/mailboxes/own-mailbox";
import { builtMessageOf } from "@/server/services/messages/read-messages";
import { replayedMessage, sendMessage } from "@/server/services/messages/send-message";
import type { MailboxSendInput } from "@/shared/schemas/mailbox-compose";
import { addressOf, type SendMessageInput } from "@/shared/schemas/messages";
import { appendToSpecialFolder } from "./append-to-folder";
import { locateDraft, type Original, originalOf, senderOf } from "./compose";
import { specialFolderOrThrow } from "./folders";
import { mailboxMessageId } from "./message-ids";
import { forwardedAttachments, replyHeaders } from "./original-message";
import { plainTextAlternative } from "@/server/message-format/plain-text-alternative";
import { fetchedHeader, SENDING_MESSAGE_HEADER } from "./service-headers";

type Mailbox = { id: string; address: string };
type SentMessage = Awaited<ReturnType<typeof sendMessage>>["message"];

/** The sending API's message for this request: threaded for a reply, with the original's attachments for a forward. */
function sendingInput(body: MailboxSendInput, from: string, original: Original | null): SendMessageInput {
  const forwarded = original?.kind === "forward" ? forwardedAttachments(original.parsed) : [];
  const attachments = [...(body.attachments ?? []), ...forwarded];
  return {
    from,
    to: body.to,
    cc: body.cc,
    bcc: body.bcc,
    subject: body.subject,
    html: body.html,
    // Written only in HTML: a plain-text alternative goes along, as mail clients send.
    text: body.text ?? (body.html ? plainTextAlternative(body.html) || undefined : undefined),
    headers: original?.kind === "reply" ? replyHeaders(original.parsed) : undefined,
    attachments: attachments.length > 0 ? attachments : undefined,
    trackOpens: false,
    trackClicks: false,
  };
}

/** The copy for Sent: the message as sent, with a Bcc field naming its blind copies (which the wire copy leaves out). */
function sentCopyOf(raw: Buffer, bcc: string[]): Buffer {
  const addresses = bcc.flatMap((mailbox) => addressOf(mailbox) ?? []);
  if (addresses.length === 0) return raw;
  return Buffer.concat([Buffer.from(`Bcc: ${addresses.join(",\r\n ")}\r\n`, "utf8"), raw]);
}

/** Candidates whose header field is read at a time, newest first. */
const CANDIDATES_AT_ONCE = 50;

/**
 * The copy of this sending message already in Sent (a retry of the same send), or null. Dovecot's answer to
 * the search is a set of candidates, not the answer: with the full-text index it finds nothing by our own
 * field and matches the Message-ID by its words (docs/webmail.md, "Search"). So it is asked for either
 * field, and each candidate's own field is read, newest first (a retry's copy is recent): only an exact
 * match counts.
 */
async function existingSentCopy(client: ImapFlow, sendingMessageId: string, messageIdHeader: string | null): Promise<string | null> {
  const sent = await specialFolderOrThrow(client, "sent");
  await client.mailboxOpen(sent.name, { readOnly: true });
  const byOurField = { header: { [SENDING_MESSAGE_HEADER]: sendingMessageId } };
  const query = messageIdHeader ? { or: [byOurField, { header: { "Message-ID": messageIdHeader } }] } : byOurField;
  const candidates = ((await client.search(query, { uid: true })) || []).sort((a, b) => b - a);
  for (let start = 0; start < candidates.length; start += CANDIDATES_AT_ONCE) {
    const uids = candidates.slice(start, start + CANDIDATES_AT_ONCE).join(",");
    const fetched = await client.fetchAll(uids, { uid: true, headers: [SENDING_MESSAGE_HEADER.toLowerCase()] }, { uid: true });
    const match = fetched.find((message) => fetchedHeader(message.headers, SENDING_MESSAGE_HEADER) === sendingMessageId);
    if (!match) continue;
    const guid = (await fetchMessageExtras(client, [match.uid])).get(match.uid)?.guid;
    return guid ? mailboxMessageId(guid) : null;
  }
  return null;
}

/**
 * Looked for first whether or not the send was replayed: two requests with one key (a double click) each
 * end here, one after the other in the mailbox's session, and the second finds the first's copy.
 */
async function storeSentCopy(client: ImapFlow, message: SentMessage): Promise<string | null> {
  const built = await builtMessageOf(message.id);
  const existing = await existingSentCopy(client, message.id, built?.messageIdHeader ?? null);
  if (existing) return existing;
  return built?.raw ? appendToSpecialFolder(client, "sent", sentCopyOf(built.raw, message.bcc), ["\\Seen"]) : null;
}

/**
 * After the message is accepted, nothing undoes the send: a copy that cannot be stored answers
 * `sentCopyId: null`, and a draft that cannot be deleted stays; both are logged.
 */
async function afterSending(mailbox: Mailbox, message: SentMessage, draftId: string | undefined) {
  const context = { mailboxId: mailbox.id, messageId: message.id };
  const sentCopyId = await withMailboxSession(mailbox, (client) => storeSentCopy(client, message)).catch((error: unknown) => {
    logger().warn({ ...context, err: error }, "a message sent from the webmail was not stored in Sent");
    return null;
  });
  if (draftId) {
    await withMailboxSession(mailbox, async (client) => {
      const draft = await locateDraft(client, draftId).catch(() => null); // gone already: a retry
      if (draft) await client.messageDelete(String(draft.uid), { uid: true });
    }).catch((error: unknown) => logger().warn({ ...context, err: error }, "the draft of a sent message was not deleted"));
  }
  return { ...message, sentCopyId };
}

export async function sendFromMailbox(
  principal: SendingPrincipal,
  mailboxId: string,
  body: MailboxSendInput,
  idempotencyKey: string | null,
): Promise<{ message: SentMessage & { sentCopyId: string | null }; replayed: boolean }> {
  const mailbox = await getOwnMailboxOrThrow(principal.accountId, mailboxId);
  // A retry is answered before anything is read again: its draft is gone, and the original may be.
  const requestHash = sha256Hex(`mailbox-send\n${mailbox.id}\n${JSON.stringify(body)}`);
  const replay = idempotencyKey ? await replayedMessage(principal.accountId, idempotencyKey, requestHash) : null;
  if (replay) return { message: await afterSending(mailbox, replay, body.draftId), replayed: true };

  const from = await senderOf(mailbox, body.from);
  const original = await withMailboxSession(mailbox, async (client) => {
    if (body.draftId) await locateDraft(client, body.draftId);
    return originalOf(client, body);
  });
  const input = sendingInput(body, from, original);
  const { message, replayed } = await sendMessage(principal, { input, idempotencyKey, requestHash, source: "webmail" });
  return { message: await afterSending(mailbox, message, body.draftId), replayed };
}
