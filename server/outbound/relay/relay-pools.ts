// Pooled, reused SMTP connections to customers' relays: one nodemailer pool
// per relay and settings, so a burst of messages goes over a few open
// connections instead of a handshake (and TLS, AUTH) each. Every new
// connection resolves the host and checks the address it connects to, as a
// single session does (open-relay-session.ts), so DNS rebinding cannot steer
// a pooled connection to a private network. Pools idle for a while close.
import { createHash } from "node:crypto";
import nodemailer from "nodemailer";
import type { HandOff, RawMessage } from "@/server/outbound/message";
import { socketsWithoutDelay } from "@/server/outbound/smtp-client-socket";
import { sendRawVia } from "@/server/outbound/smtp-hand-off";
import type { RelayTarget } from "./open-relay-session";
import { relayTlsOptions } from "./relay-tls-options";
import { resolveRelayAddress } from "./resolve-relay-address";

const IDLE_MS = 5 * 60_000;
const MAX_POOLS = 500;

type Pool = { transporter: nodemailer.Transporter; lastUsed: number };

const holder = globalThis as typeof globalThis & { __cesRelayPools?: Map<string, Pool> };
const pools = () => (holder.__cesRelayPools ??= new Map());

/** Changed settings (host, port, TLS, credentials) make a new pool; the old one idles out. */
const keyOf = (relayId: string, target: RelayTarget) => `${relayId}:${createHash("sha256").update(JSON.stringify(target)).digest("hex")}`;

function createPool(target: RelayTarget, options: { allowPrivate: boolean; timeoutMs: number }): nodemailer.Transporter {
  return nodemailer.createTransport({
    pool: true,
    maxConnections: 4,
    maxMessages: 200,
    host: target.host,
    port: target.port,
    secure: target.encryption === "ssl_tls",
    requireTLS: target.encryption === "starttls",
    ignoreTLS: target.encryption === "none",
    tls: relayTlsOptions(target.host),
    auth: target.credentials ?? undefined,
    connectionTimeout: options.timeoutMs,
    greetingTimeout: options.timeoutMs,
    socketTimeout: options.timeoutMs * 2,
    logger: false,
    getSocket: socketsWithoutDelay(options.timeoutMs, async () => {
      const { address, family } = await resolveRelayAddress(target.host, { allowPrivate: options.allowPrivate });
      return { host: address, port: target.port, family };
    }),
  } as never);
}

function closeIdle(at: number) {
  for (const [key, pool] of pools()) {
    if (at - pool.lastUsed > IDLE_MS || pools().size > MAX_POOLS) {
      pool.transporter.close();
      pools().delete(key);
    }
  }
}

export async function sendThroughRelayPool(
  relayId: string,
  target: RelayTarget,
  message: RawMessage,
  options: { allowPrivate: boolean; timeoutMs: number },
): Promise<HandOff> {
  const at = Date.now();
  const key = keyOf(relayId, target);
  let pool = pools().get(key);
  if (!pool) {
    closeIdle(at);
    pool = { transporter: createPool(target, options), lastUsed: at };
    pools().set(key, pool);
  }
  pool.lastUsed = at;
  return sendRawVia(pool.transporter, message);
}

/** Closes every pool (the worker stopping). */
export function closeRelayPools() {
  for (const pool of pools().values()) pool.transporter.close();
  pools().clear();
}
