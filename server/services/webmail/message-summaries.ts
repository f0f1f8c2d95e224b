import type { FetchMessageObject, FetchQueryObject, ImapFlow } from "imapflow";
import { fetchMessageExtras } from "@/server/mail-store/dovecot/dovecot-message-extras";
import { messageSummary } from "@/server/services/webmail/mailbox-message-view";
import type { MailboxMessageSummary } from "@/shared/schemas/mailbox-messages";
import type { FolderUse } from "./folders";
import { SENDING_MESSAGE_HEADER } from "./service-headers";

const SUMMARY_FETCH: FetchQueryObject = {
  uid: true,
  envelope: true,
  internalDate: true,
  size: true,
  flags: true,
  headers: ["references", SENDING_MESSAGE_HEADER.toLowerCase()],
};

/** Summaries of fetched messages, in the order given, with Dovecot's GUID and preview (one more fetch). */
async function summarize(client: ImapFlow, folder: FolderUse, fetched: FetchMessageObject[]): Promise<MailboxMessageSummary[]> {
  if (fetched.length === 0) return [];
  const extras = await fetchMessageExtras(
    client,
    fetched.map((message) => message.uid),
  );
  return fetched.map((message) => messageSummary(message, folder, extras.get(message.uid)));
}

/** Summaries of these UIDs of the open folder, in the order given (a UID gone meanwhile is left out). */
export async function fetchSummaries(client: ImapFlow, folder: FolderUse, uids: number[]): Promise<MailboxMessageSummary[]> {
  if (uids.length === 0) return [];
  const fetched = await client.fetchAll(uids.join(","), SUMMARY_FETCH, { uid: true });
  const byUid = new Map(fetched.map((message) => [message.uid, message]));
  return summarize(
    client,
    folder,
    uids.flatMap((uid) => byUid.get(uid) ?? []),
  );
}

/**
 * Summaries of the messages at positions `first` to `last` of the open folder, newest (highest UID) first:
 * a page of the whole folder in one fetch, with no UIDs to learn first (docs/webmail.md, "Latency").
 */
export async function fetchSummariesByPosition(client: ImapFlow, folder: FolderUse, first: number, last: number) {
  const fetched = await client.fetchAll(`${first}:${last}`, SUMMARY_FETCH);
  return summarize(
    client,
    folder,
    fetched.sort((a, b) => b.uid - a.uid),
  );
}
