// Who may hold the MX's connections (docs/security.md, "MX limits"). Idle
// connections cost an attacker nothing, so a few addresses holding the
// submission limit each could fill the listener and stop all inbound mail.
// Here an address (an IPv6 /64) holds at most MAX_MX_CONNECTIONS_PER_ADDRESS;
// the last NEW_ADDRESS_SHARE of the listener is kept for addresses with no
// connection open; and past that mark the sessions that have sent nothing for
// SHED_IDLE_MS are closed, longest idle first, to make room.
//
// The count is of this instance's connections (each lives on one instance),
// like the submission listener's; nothing here needs to be shared.
import type { Socket } from "node:net";
import { endSession } from "@/server/mail/listener/smtp-connections";
import type { SmtpListener } from "@/server/mail/listener/smtp-listener";
import { MAX_MX_CONNECTIONS_PER_ADDRESS, NEW_ADDRESS_SHARE, SHED_IDLE_MS } from "./mx-limits";

export type Admission = "admitted" | "addressFull" | "reservedForNewAddresses";

/** A client's TCP connection, as the socket and smtp-server's connection both name it. */
const peerKey = (address: string | undefined, port: number | undefined) =>
  `${(address ?? "").replace(/^::ffff:/i, "").toLowerCase()}|${port ?? 0}`;

export function mxConnectionGuard(listener: SmtpListener, options: { maxClients: number; maxPerAddress: number }) {
  const { server } = listener;
  const perAddress = Math.min(options.maxPerAddress, MAX_MX_CONNECTIONS_PER_ADDRESS);
  const reserved = Math.max(1, Math.floor(options.maxClients * NEW_ADDRESS_SHARE));
  // At or past this many connections the listener is under pressure.
  const pressureMark = options.maxClients - reserved;
  const open = new Map<string, number>();
  const addressOf = new Map<string, string>();
  // Per session: bytes read when last looked at, and since when that count has not moved.
  const activity = new Map<string, { bytes: number; since: number }>();
  // The clients' sockets, kept from the listener's own "connection" event: what each has sent so far.
  const sockets = new Map<string, Socket>();
  server.server.on("connection", (socket: Socket) => {
    const key = peerKey(socket.remoteAddress, socket.remotePort);
    sockets.set(key, socket);
    socket.once("close", () => sockets.delete(key));
  });

  type Connection = { id: string; remoteAddress: string; remotePort: number };
  const idleFor = (connection: Connection, now: number): number => {
    const bytes = sockets.get(peerKey(connection.remoteAddress, connection.remotePort))?.bytesRead ?? 0;
    const seen = activity.get(connection.id);
    // One of our handlers still working: the client is waiting for us, not idle.
    if (!seen || seen.bytes !== bytes || listener.handlerPending(connection.id)) {
      activity.set(connection.id, { bytes, since: now });
      return 0;
    }
    return now - seen.since;
  };

  /** Closes up to `count` sessions idle for SHED_IDLE_MS or more, longest idle first. */
  const shed = (count: number): number => {
    const now = Date.now();
    const idle = [...server.connections]
      .map((connection) => ({ connection, idle: idleFor(connection, now) }))
      .filter((entry) => entry.idle >= SHED_IDLE_MS && addressOf.has(entry.connection.id))
      .sort((a, b) => b.idle - a.idle)
      .slice(0, count);
    for (const { connection } of idle) endSession(connection, "idleShed");
    return idle.length;
  };

  // Once a second: note who is active, and shed idle sessions while the listener is under pressure.
  const sweeper = setInterval(() => {
    const now = Date.now();
    for (const connection of server.connections) idleFor(connection, now);
    const over = addressOf.size - pressureMark + 1;
    if (over > 0) shed(over);
  }, 1_000);
  sweeper.unref();
  server.on("close", () => clearInterval(sweeper));

  return {
    /** Decides on a new session from `address` (its rate-limit subject). */
    admit(sessionId: string, address: string): Admission {
      const held = open.get(address) ?? 0;
      if (held >= perAddress) return "addressFull";
      // Admitted sessions, this one included (the server's own set also holds connections still being refused).
      const total = addressOf.size + 1;
      if (held > 0 && total > pressureMark) return "reservedForNewAddresses";
      if (total > pressureMark) shed(1);
      open.set(address, held + 1);
      addressOf.set(sessionId, address);
      return "admitted";
    },
    release(sessionId: string): void {
      activity.delete(sessionId);
      const address = addressOf.get(sessionId);
      if (address === undefined) return;
      addressOf.delete(sessionId);
      const held = (open.get(address) ?? 1) - 1;
      if (held > 0) open.set(address, held);
      else open.delete(address);
    },
  };
}
