// The service's own IMAP sessions into mailboxes, logged in as the master
// user (docs/mailboxes.md, "Reading mail"): the portal reads mail the way any
// mail client does, so Dovecot stays the only thing that touches the mail files.
// Sessions are reused per mailbox (docs/webmail.md, "Sessions"): a new one
// costs a connection and a login.
import { ImapFlow } from "imapflow";
import { env } from "@/server/config/env";
import { AppError } from "@/server/errors";
import { logger } from "@/server/logger";
import { mailboxFullOr } from "./imap-refusal";
import { readMailStoreRun } from "./mail-store-status";
import { MASTER_SEPARATOR, MASTER_USER, masterUserPassword } from "./master-user";
import { SessionPool } from "./session-pool";

const IDLE_MS = 30_000;
const MAX_SESSIONS = 20;

const storageOffline = () => new AppError("mail_storage_offline", "Mail storage is offline; try again shortly.");

async function openSession(address: string): Promise<ImapFlow> {
  const imapUrl = env().mailStore.imapUrl;
  if (!imapUrl) throw storageOffline();
  const url = new URL(imapUrl);
  const secure = url.protocol === "imaps:";
  const client = new ImapFlow({
    host: url.hostname,
    port: Number(url.port || (secure ? 993 : 143)),
    secure,
    // The child Dovecot's reader listener is on loopback, where Dovecot accepts passwords without TLS.
    doSTARTTLS: secure ? undefined : false,
    auth: { user: `${address}${MASTER_SEPARATOR}${MASTER_USER}`, pass: masterUserPassword() },
    logger: false,
    connectionTimeout: 5_000,
    greetingTimeout: 5_000,
    socketTimeout: 60_000,
    // A kept session waits with no folder open; IDLE would only hold a Dovecot process busy.
    disableAutoIdle: true,
  });
  client.on("error", () => {}); // surfaced by the awaited calls
  try {
    await client.connect();
  } catch (error) {
    logger().warn({ err: error, imap: `${url.hostname}:${url.port}` }, "mail storage unreachable for the reader");
    throw storageOffline();
  }
  return client;
}

type Deselect = { run(command: "CLOSE", options: { unselect: true }): Promise<boolean | undefined> };

/**
 * Leaves the session with no folder open, through imapflow's own CLOSE command in its UNSELECT form (IMAP
 * CLOSE would expunge what a mail client flagged \Deleted). Without UNSELECT the session is not kept.
 */
async function deselect(client: ImapFlow): Promise<boolean> {
  if (!client.usable) return false;
  if (!client.mailbox) return true;
  if (!client.capabilities.has("UNSELECT")) return false;
  return (await (client as unknown as Deselect).run("CLOSE", { unselect: true })) === true;
}

const holder = globalThis as typeof globalThis & { __cesReaderSessions?: SessionPool<ImapFlow> };

const sessions = () =>
  (holder.__cesReaderSessions ??= new SessionPool<ImapFlow>({
    maxSessions: MAX_SESSIONS,
    idleMs: IDLE_MS,
    open: (key) => openSession(key.slice(0, key.indexOf(" "))),
    isAlive: async (client) => {
      if (!client.usable) return false;
      await client.noop();
      return client.usable;
    },
    reset: deselect,
    close: (client) => client.logout().catch(() => client.close()),
    // Our own refusals (a folder or message not found, a conflict) leave the session as it was.
    keepsSession: (error) => error instanceof AppError,
  }));

/**
 * Runs `read` in a logged-in session with no folder open (the webmail opens the folders it needs). Calls for
 * one mailbox take turns on its session, so `read` must not ask for the same mailbox's session again.
 */
export async function withMailboxSession<T>(mailbox: { id: string; address: string }, read: (client: ImapFlow) => Promise<T>): Promise<T> {
  const run = readMailStoreRun(env());
  if (run.status === "offline") {
    await sessions().closeAll();
    throw storageOffline();
  }
  // A session of an earlier Dovecot run, or of a deleted mailbox that had this address, is never reused.
  // A refusal the user can act on (a full mailbox) is the API's own error, and leaves the session as it was.
  return sessions().run(`${mailbox.address} ${mailbox.id} ${run.since}`, mailbox.address, (client) =>
    read(client).catch((error: unknown) => Promise.reject(mailboxFullOr(error))),
  );
}

/** Closes this process's sessions of a mailbox about to be deleted. */
export function closeMailboxSessions(address: string): Promise<void> {
  return holder.__cesReaderSessions?.closeGroup(address) ?? Promise.resolve();
}
