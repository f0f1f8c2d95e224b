// Opening one folder by name, with nothing else listed and no folder's
// counts asked for (docs/webmail.md, "Latency"). imapflow's SELECT first
// lists that one name (`LIST "" name`) and keeps the answer for the session;
// the answer's flags carry the folder's special use (`\Sent`, `\Trash`, ...).
import type { ImapFlow, ListResponse } from "imapflow";

export type OpenedFolder = { path: string; flags: Set<string>; uidValidity: bigint; exists: number };

/** imapflow's per-session cache of the LIST answers its SELECT asked for, by path. */
type ListedFolders = { folders?: Map<string, Pick<ListResponse, "flags">> };

/** A refusal of the server (NO, BAD): the name is no folder that can be opened. */
const isRefusal = (error: unknown) => ["NO", "BAD"].includes((error as { responseStatus?: string }).responseStatus ?? "");

/** Opens the folder (EXAMINE when read-only, else SELECT); null when the server refuses to. */
export async function openFolder(client: ImapFlow, name: string, options: { readOnly: boolean }): Promise<OpenedFolder | null> {
  const opened = await client.mailboxOpen(name, { readOnly: options.readOnly }).catch((error: unknown) => {
    if (isRefusal(error)) return null;
    throw error;
  });
  if (!opened) return null;
  // Should imapflow stop keeping its LIST answer, one listing without counts takes its place.
  const listed =
    (client as unknown as ListedFolders).folders?.get(opened.path) ?? (await client.list()).find((folder) => folder.path === opened.path);
  return { path: opened.path, flags: listed?.flags ?? new Set(), uidValidity: opened.uidValidity, exists: opened.exists };
}
