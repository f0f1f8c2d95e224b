// The service's own IMAP session into one mailbox, logged in as the master
// user (docs/mailboxes.md, "Reading mail"): the portal reads mail the way any
// mail client does, so Dovecot stays the only thing that touches the Maildir.
import { ImapFlow } from "imapflow";
import { env } from "@/server/env";
import { AppError } from "@/server/errors";
import { logger } from "@/server/logger";
import { MASTER_SEPARATOR, MASTER_USER, masterUserPassword } from "./master-user";

const storageOffline = () => new AppError("mail_storage_offline", "Mail storage is offline; try again shortly.");

/** Runs `read` in a logged-in session with no folder open (the webmail opens the folders it needs); closed afterwards. */
export async function withMailboxSession<T>(address: string, read: (client: ImapFlow) => Promise<T>): Promise<T> {
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
  });
  client.on("error", () => {}); // surfaced by the awaited calls below
  try {
    await client.connect();
  } catch (error) {
    logger().warn({ err: error, imap: `${url.hostname}:${url.port}` }, "mail storage unreachable for the reader");
    throw storageOffline();
  }
  try {
    return await read(client);
  } finally {
    await client.logout().catch(() => client.close());
  }
}
