// The service's own header fields on the messages the webmail stores
// (docs/webmail.md, "Sent" and "Drafts"), and reading one back from the
// header fields IMAP fetched (BODY.PEEK[HEADER.FIELDS (...)]).

/** On every message sent through the sending API: its sending message's id. The copy in Sent carries it too. */
export const SENDING_MESSAGE_HEADER = "X-CES-Message-ID";
/** Whether a value is a sending message's id, as SENDING_MESSAGE_HEADER carries it. */
export const isSendingMessageId = (value: string) => /^msg_[0-9a-f]{1,64}$/.test(value);
/** On a draft saved through the API: the id (in this mailbox) of the message it answers or forwards. */
export const DRAFT_IN_REPLY_TO_HEADER = "X-CES-Draft-In-Reply-To";
export const DRAFT_FORWARD_OF_HEADER = "X-CES-Draft-Forward-Of";

/** The unfolded value of the first `name` field in a fetched header block, or null. */
export function fetchedHeader(block: Buffer | undefined, name: string): string | null {
  const text = block?.toString("latin1").replace(/\r?\n[ \t]+/g, " ") ?? "";
  const wanted = `${name.toLowerCase()}:`;
  const line = text.split(/\r?\n/).find((entry) => entry.toLowerCase().startsWith(wanted));
  return line === undefined ? null : line.slice(wanted.length).trim();
}
