// pglite-socket runs every connection's messages through one PGlite session,
// one protocol message at a time. node-postgres sends a parameterised query as
// Parse/Bind/Describe/Execute/Sync; if another connection's messages land in
// between, the unnamed statement is overwritten ("bind message supplies 6
// parameters, but prepared statement requires 2"). pglite-socket only keeps
// a connection exclusive inside an explicit transaction.
//
// This installs a stricter scheduling rule on the server's queue: a connection
// owns the session from its first message until the end of a Sync or simple
// Query that leaves no transaction open. Written against pglite-socket 0.2.17
// (pinned exactly in package.json). Without it the concurrent-refresh
// integration test fails intermittently on the embedded engine.
import type { PGlite } from "@electric-sql/pglite";
import type { PGLiteSocketServer } from "@electric-sql/pglite-socket";

type QueuedMessage = {
  handlerId: number;
  message: Uint8Array;
  onData: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (error: unknown) => void;
};

type QueryQueue = {
  queue: QueuedMessage[];
  processing: boolean;
  db: PGlite;
  processQueue: () => Promise<void>;
  clearQueueForHandler: (handlerId: number) => void;
  clearTransactionIfNeeded: (handlerId: number) => Promise<void>;
};

const SYNC = 0x53; // 'S'
const SIMPLE_QUERY = 0x51; // 'Q'
const TERMINATE = 0x58; // 'X'
const PROTOCOL_3 = 196_608;

/** True for messages after which the connection may hand the session over. */
function endsExchange(message: Uint8Array): boolean {
  const type = message[0];
  if (type === SYNC || type === SIMPLE_QUERY || type === TERMINATE) return true;
  // Startup and SSL/cancel requests carry no type byte: length, then a code.
  if (message.length >= 8) {
    const code = Buffer.from(message.buffer, message.byteOffset, message.byteLength).readInt32BE(4);
    if (code === PROTOCOL_3 || code === 80_877_103 || code === 80_877_102) return true;
  }
  return false;
}

export function lockSessionPerExchange(server: PGLiteSocketServer): void {
  const queue = (server as unknown as { queryQueue: QueryQueue }).queryQueue;
  if (!queue || typeof queue.processQueue !== "function") {
    throw new Error("pglite-socket internals changed: review server/db/embedded-session-lock.ts");
  }
  let owner: number | null = null;

  queue.processQueue = async function processQueue(this: QueryQueue) {
    if (this.processing) return;
    this.processing = true;
    try {
      while (this.queue.length > 0) {
        const index = owner === null ? 0 : this.queue.findIndex((entry) => entry.handlerId === owner);
        if (index === -1) break; // the owner's next message has not arrived yet
        const [entry] = this.queue.splice(index, 1) as [QueuedMessage];
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(entry.message, {
              onRawData: (data: Uint8Array) => {
                bytes += data.length;
                entry.onData(data);
              },
            }),
          );
        } catch (error) {
          owner = null;
          entry.reject(error);
          continue;
        }
        owner = endsExchange(entry.message) && !this.db.isInTransaction() ? null : entry.handlerId;
        entry.resolve(bytes);
      }
    } finally {
      this.processing = false;
    }
  };

  const clearQueue = queue.clearQueueForHandler.bind(queue);
  queue.clearQueueForHandler = (handlerId: number) => {
    clearQueue(handlerId);
    if (owner === handlerId) {
      // A connection that vanished mid-exchange must not hold the session.
      owner = null;
      void (async () => {
        if (queue.db.isInTransaction()) await queue.db.exec("ROLLBACK").catch(() => {});
        await queue.processQueue();
      })();
    }
  };
  queue.clearTransactionIfNeeded = async () => {}; // handled above
}
