import type { FetchQueryObject, ImapFlow } from "imapflow";
import { fetchMessageExtras } from "@/server/mail-store/dovecot/dovecot-message-extras";
import { messageSummary } from "@/server/services/mailboxes/mailbox-message-view";
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

/** Summaries of these UIDs of the open folder, in the order given (a UID gone meanwhile is left out). */
export async function fetchSummaries(client: ImapFlow, folder: FolderUse, uids: number[]): Promise<MailboxMessageSummary[]> {
  if (uids.length === 0) return [];
  const fetched = await client.fetchAll(uids.join(","), SUMMARY_FETCH, { uid: true });
  const extras = await fetchMessageExtras(client, uids);
  const byUid = new Map(fetched.map((message) => [message.uid, message]));
  return uids.flatMap((uid) => {
    const message = byUid.get(uid);
    return message ? [messageSummary(message, folder, extras.get(uid))] : [];
  });
}
