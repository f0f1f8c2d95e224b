import type { ImapFlow, SearchObject } from "imapflow";
import { AppError } from "@/server/errors";
import { withMailboxSession } from "@/server/mail-store/dovecot/mailbox-reader";
import { HAS_ATTACHMENT } from "@/server/services/webmail/attachment-keyword";
import { listFolders, openFolderOrThrow } from "@/server/services/webmail/folders";
import type { FolderUse } from "@/server/services/webmail/folders";
import { fetchSummaries, fetchSummariesByPosition } from "@/server/services/webmail/message-summaries";
import { withSentDelivery } from "@/server/services/webmail/sent-delivery";
import type { ListMailboxMessagesQuery } from "@/shared/schemas/mailbox-messages";
import { pageInfo } from "@/shared/schemas/pagination";
import { getOwnMailboxOrThrow } from "@/server/services/mailboxes/own-mailbox";

/** The IMAP SEARCH for the query's words and filters (docs/webmail.md, "Search"); Dovecot does the matching. */
function searchOf(query: ListMailboxMessagesQuery): SearchObject {
  const search: SearchObject = { all: true };
  if (query.q) search.or = [{ from: query.q }, { to: query.q }, { subject: query.q }, { body: query.q }];
  if (query.unseen !== undefined) search.seen = !query.unseen;
  if (query.flagged !== undefined) search.flagged = query.flagged;
  if (query.hasAttachment === true) search.keyword = HAS_ATTACHMENT;
  if (query.hasAttachment === false) search.unKeyword = HAS_ATTACHMENT;
  if (query.since) search.since = query.since;
  if (query.before) search.before = query.before;
  return search;
}

const cursorExpired = () => new AppError("cursor_expired", "The folder changed beyond that cursor; start again from the first page.");

/** The cursor that resumes after `uid`, the last message shown. */
const cursorAfter = (uidValidity: bigint, uid: number) => `${uidValidity}.${uid}`;

/** The UIDs after the cursor (`<uidvalidity>.<uid>` of the last one shown), all when there is none. */
function afterCursor(uids: number[], cursor: string | undefined, uidValidity: bigint): number[] {
  if (!cursor) return uids;
  const [validity, last] = cursor.split(".");
  if (BigInt(validity!) !== uidValidity) throw cursorExpired();
  return uids.filter((uid) => uid < Number(last));
}

/** Neither words nor filters: every message of the folder is in the list. */
const listsEverything = (query: ListMailboxMessagesQuery) =>
  !query.q &&
  query.unseen === undefined &&
  query.flagged === undefined &&
  query.hasAttachment === undefined &&
  !query.since &&
  !query.before;

/**
 * A page of the whole folder by position, without a SEARCH: message sequence numbers run in UID order, so the
 * newest `limit` are the last ones, and the folder's size is the total. A search answers every UID of the folder,
 * which on 20,000 messages cost more than the page itself (docs/webmail.md, "Latency").
 */
function pageByPosition(client: ImapFlow, folder: FolderUse, exists: number, page: number, limit: number) {
  const last = exists - (page - 1) * limit;
  if (last < 1) return Promise.resolve([]);
  return fetchSummariesByPosition(client, folder, Math.max(1, last - limit + 1), last);
}

async function listFolder(client: ImapFlow, query: ListMailboxMessagesQuery) {
  // The one folder, by name: no listing of the others, no counts (docs/webmail.md, "Latency").
  const { folder, ...opened } = await openFolderOrThrow(client, query.folder, { readOnly: true });
  if (!query.cursor && listsEverything(query)) {
    const items = await pageByPosition(client, folder, opened.exists, query.page, query.limit);
    const last = items.at(-1)?.uid;
    const nextCursor = last !== undefined && opened.exists > query.page * query.limit ? cursorAfter(opened.uidValidity, last) : null;
    return { items, nextCursor, pagination: pageInfo(query.page, query.limit, opened.exists) };
  }
  const matched = ((await client.search(searchOf(query), { uid: true })) || []).sort((a, b) => b - a);
  const remaining = afterCursor(matched, query.cursor, opened.uidValidity);
  const start = query.cursor ? 0 : (query.page - 1) * query.limit;
  const pageUids = remaining.slice(start, start + query.limit);
  const items = await fetchSummaries(client, folder, pageUids);
  const last = pageUids.at(-1);
  const nextCursor = last !== undefined && remaining.length > start + query.limit ? cursorAfter(opened.uidValidity, last) : null;
  return { items, nextCursor, pagination: pageInfo(query.page, query.limit, matched.length) };
}

/** Matches read per folder in an all-folders search: the newest of each, enough for the pages a person reads. */
const MAX_MATCHES_PER_FOLDER = 500;

/**
 * The query's matches in every folder but Junk and Trash (where "all mail" searches of mail apps do not look),
 * newest first by arrival across folders, a page of them summarized folder by folder.
 */
async function searchAllFolders(client: ImapFlow, query: ListMailboxMessagesQuery) {
  const folders = (await listFolders(client)).filter((entry) => entry.specialUse !== "junk" && entry.specialUse !== "trash");
  const matches: { folder: string; uid: number; arrived: number }[] = [];
  for (const entry of folders) {
    await openFolderOrThrow(client, entry.name, { readOnly: true });
    const uids = ((await client.search(searchOf(query), { uid: true })) || []).sort((a, b) => b - a).slice(0, MAX_MATCHES_PER_FOLDER);
    if (uids.length === 0) continue;
    for (const message of await client.fetchAll(uids.join(","), { uid: true, internalDate: true }, { uid: true })) {
      matches.push({ folder: entry.name, uid: message.uid, arrived: new Date(message.internalDate ?? 0).getTime() });
    }
  }
  matches.sort((a, b) => b.arrived - a.arrived || b.uid - a.uid);
  const pageMatches = matches.slice((query.page - 1) * query.limit, query.page * query.limit);
  const items = [];
  for (const name of new Set(pageMatches.map((match) => match.folder))) {
    const { folder } = await openFolderOrThrow(client, name, { readOnly: true });
    const uids = pageMatches.filter((match) => match.folder === name).map((match) => match.uid);
    items.push(...(await fetchSummaries(client, folder, uids)));
  }
  const order = new Map(pageMatches.map((match, index) => [`${match.folder} ${match.uid}`, index]));
  items.sort((a, b) => order.get(`${a.folder} ${a.uid}`)! - order.get(`${b.folder} ${b.uid}`)!);
  return { items, nextCursor: null, pagination: pageInfo(query.page, query.limit, matches.length) };
}

/** A page of a folder (INBOX unless asked), newest first by UID, paged by `cursor` (or the older `page`); or a search of all folders. */
export async function listMailboxMessages(accountId: string, mailboxId: string, query: ListMailboxMessagesQuery) {
  const mailbox = await getOwnMailboxOrThrow(accountId, mailboxId);
  const page = await withMailboxSession(mailbox, (client) =>
    query.allFolders ? searchAllFolders(client, query) : listFolder(client, query),
  );
  return { ...page, items: await withSentDelivery(accountId, page.items) };
}
