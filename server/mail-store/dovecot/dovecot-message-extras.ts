// Two things Dovecot answers that imapflow's typed calls do not ask for
// (docs/webmail.md, "Message ids"): a message's GUID (`X-GUID`, kept when the
// message moves between folders, unlike its UID) and its `PREVIEW` (the start
// of its text, made by Dovecot). Both are sent through imapflow's own command
// channel, so imapflow still speaks IMAP and parses every answer.
import type { ImapFlow } from "imapflow";

type Token = { type: string; value: string };
type Attribute = Token | Attribute[] | null;
type Untagged = { attributes: Attribute[]; numbers?: number[] };
type CommandChannel = {
  exec(
    command: string,
    attributes: unknown[],
    options: { untagged: Record<string, (untagged: Untagged) => Promise<void>> },
  ): Promise<{ next(): void }>;
};

const channel = (client: ImapFlow) => client as unknown as CommandChannel;

export type MessageExtras = { guid: string; preview: string };

/** Reads one `* n FETCH (UID u X-GUID g PREVIEW p)` answer into `found`. */
function readExtras(found: Map<number, MessageExtras>) {
  return async (untagged: Untagged) => {
    const list = untagged.attributes[1];
    if (!Array.isArray(list)) return;
    const values = new Map<string, string>();
    for (let index = 0; index + 1 < list.length; index += 2) {
      const key = list[index];
      const value = list[index + 1];
      if (key && !Array.isArray(key)) values.set(key.value.toUpperCase(), value && !Array.isArray(value) ? value.value : "");
    }
    const uid = Number(values.get("UID"));
    if (uid) found.set(uid, { guid: values.get("X-GUID") ?? "", preview: values.get("PREVIEW") ?? "" });
  };
}

/** GUID and preview of the given UIDs in the open folder. */
export async function fetchMessageExtras(client: ImapFlow, uids: number[]): Promise<Map<number, MessageExtras>> {
  return fetchExtras(client, uids, ["X-GUID", "PREVIEW"]);
}

/** The GUID of the message at `uid` in the open folder, or null when there is none: one fetch, no search. */
export async function guidAtUid(client: ImapFlow, uid: number): Promise<string | null> {
  return (await fetchExtras(client, [uid], ["X-GUID"])).get(uid)?.guid || null;
}

async function fetchExtras(client: ImapFlow, uids: number[], items: string[]): Promise<Map<number, MessageExtras>> {
  const found = new Map<number, MessageExtras>();
  if (uids.length === 0) return found;
  const attributes = [{ type: "SEQUENCE", value: uids.join(",") }, ["UID", ...items].map((item) => ({ type: "ATOM", value: item }))];
  const response = await channel(client).exec("UID FETCH", attributes, { untagged: { FETCH: readExtras(found) } });
  response.next();
  return found;
}

/** Collects the UIDs of a `* SEARCH u1 u2 ...` answer (imapflow's parser hands them over as `numbers`). */
function readUids(uids: number[]) {
  return async (untagged: Untagged) => {
    uids.push(...(untagged.numbers ?? []));
  };
}

/** The UIDs in the open folder of the message with this GUID (none or one). */
export async function uidsWithGuid(client: ImapFlow, guid: string): Promise<number[]> {
  const uids: number[] = [];
  const attributes = [
    { type: "ATOM", value: "X-GUID" },
    { type: "STRING", value: guid },
  ];
  const response = await channel(client).exec("UID SEARCH", attributes, { untagged: { SEARCH: readUids(uids) } });
  response.next();
  return uids;
}
