// TCP sockets for our SMTP and LMTP clients, with Nagle's algorithm off
// (docs/delivery.md, "Connections"). nodemailer writes a message's body and
// its closing "." in separate writes and leaves Nagle on, so the dot waits
// for the server to acknowledge the body, which Linux delays by up to 40 ms:
// every message on a reused connection then costs ~40 ms of idle wire (about
// 21 messages a second on loopback instead of hundreds). Handing nodemailer
// a connected socket of our own (its `connection` option, or `getSocket`
// for a pool) is its supported way to choose how the socket is made.
import net from "node:net";

/** A TCP address, or a unix-domain socket (the child Postfix's hand-off: no Nagle there to turn off). */
export type ConnectTarget = { host: string; port: number; family?: 4 | 6 } | { path: string };

/**
 * A connected TCP socket with no delay on small writes, or a unix-domain
 * one. Fails with the socket's own error (its `code`, e.g. ECONNREFUSED or
 * EACCES), or ETIMEDOUT after `timeoutMs`, as nodemailer's own connections do.
 */
export function connectWithoutDelay(target: ConnectTarget, timeoutMs: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket =
      "path" in target
        ? net.connect({ path: target.path })
        : net.connect({ host: target.host, port: target.port, ...(target.family ? { family: target.family } : {}), noDelay: true });
    const where = "path" in target ? target.path : `${target.host}:${target.port}`;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(Object.assign(new Error(`no connection to ${where} within ${timeoutMs} ms`), { code: "ETIMEDOUT" }));
    }, timeoutMs);
    socket.once("connect", () => {
      clearTimeout(timer);
      socket.removeAllListeners("error");
      resolve(socket);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

type TransportOptions = { host?: string; port?: number | string; secure?: boolean };
type GetSocket = (options: TransportOptions, callback: (error: Error | null, socket?: { connection: net.Socket }) => void) => void;

/**
 * A socket that fails with `error` once nodemailer listens to it. A pool
 * whose `getSocket` reports an error fails that message but keeps the
 * connection slot busy for good (nodemailer 7.0.13): after `maxConnections`
 * failed connects (the server down for a moment) it never sends again. A
 * socket that errors goes through nodemailer's own connection-error path,
 * which frees the slot, and the message fails with the connect's error.
 */
function failingSocket(error: Error): net.Socket {
  const socket = new net.Socket();
  // After nodemailer has attached its listeners (it does so as soon as it gets the socket).
  setImmediate(() => socket.destroy(error));
  return socket;
}

/**
 * nodemailer's `getSocket` for pooled transports: each pooled connection gets
 * a socket from `connectWithoutDelay`; nodemailer still does TLS (implicit or
 * STARTTLS) on top of it. `target` may pick the address to connect to
 * (a relay's checked address, Postfix's hand-off socket); by default the transport's own host and port.
 */
export function socketsWithoutDelay(timeoutMs: number, target?: () => Promise<ConnectTarget>): GetSocket {
  return (options, callback) => {
    // nodemailer's own defaults for a transport without host or port.
    const own = { host: options.host || "localhost", port: Number(options.port) || (options.secure ? 465 : 587) };
    const where = target ? target() : Promise.resolve(own);
    where
      .then((address) => connectWithoutDelay(address, timeoutMs))
      .then(
        (connection) => callback(null, { connection }),
        (error: Error) => callback(null, { connection: failingSocket(error) }),
      );
  };
}
