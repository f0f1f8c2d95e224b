// Opens an SMTP session on a customer's relay, ready to send: resolve and
// check the address once, connect to that address, TLS per the relay's
// encryption (certificate checked against the host name), EHLO, and AUTH when
// credentials are set. Everything must finish before one deadline. Used by the
// relay test (server/services/relays/test-relay.ts); delivery goes through a pool (relay-pools.ts).
import SMTPConnection from "nodemailer/lib/smtp-connection";
import { connectWithoutDelay } from "@/server/outbound/smtp-client-socket";
import type { RelayEncryption } from "@/shared/schemas/smtp-relay";
import { RelayConnectionError } from "./relay-connection-error";
import { relayTlsOptions } from "./relay-tls-options";
import { resolveRelayAddress } from "./resolve-relay-address";

export type RelayTarget = {
  host: string;
  port: number;
  encryption: RelayEncryption;
  credentials: { user: string; pass: string } | null;
};

export type RelaySessionOptions = { timeoutMs: number; allowPrivate: boolean };

type SmtpError = Error & { code?: string; responseCode?: number; response?: string };

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** Server text is the customer's own server talking; kept short and on one line. */
const excerpt = (text: string | undefined) => (text ? text.replace(/\s+/g, " ").trim().slice(0, 160) : "");

/** A connected socket (server/outbound/smtp-client-socket.ts), its failure said as the relay test reports it (docs/relays.md). */
async function connectTcp(address: string, family: 4 | 6, port: number, timeoutMs: number) {
  try {
    return await connectWithoutDelay({ host: address, family, port }, timeoutMs);
  } catch (caught) {
    const error = caught as NodeJS.ErrnoException;
    if (error.code === "ETIMEDOUT")
      throw new RelayConnectionError("timeout", `No connection to ${address}:${port} within ${seconds(timeoutMs)}.`);
    const why =
      error.code === "ECONNREFUSED"
        ? "the connection was refused (nothing listens on that port)"
        : error.code === "EHOSTUNREACH" || error.code === "ENETUNREACH"
          ? "the host is unreachable"
          : "the connection failed";
    throw new RelayConnectionError("refused", `Could not connect to ${address}:${port}: ${why}.`);
  }
}

/** Turns a nodemailer failure into its documented reason (docs/relays.md) and a sentence. */
function classify(error: SmtpError, connection: SMTPConnection, timeoutMs: number): RelayConnectionError {
  // TLS handshake failures surface as socket errors while nodemailer is upgrading.
  const duringTls = (connection as unknown as { upgrading?: boolean }).upgrading === true;
  switch (true) {
    case error.code === "EAUTH":
      return new RelayConnectionError(
        "auth_rejected",
        `The server rejected the username or password${error.responseCode ? ` (${error.responseCode})` : ""}.`,
      );
    case error.code === "ETLS" || duringTls:
      return new RelayConnectionError("tls_error", `TLS failed: ${excerpt(error.message) || "handshake error"}.`);
    case error.code === "ETIMEDOUT":
      return new RelayConnectionError(
        "timeout",
        `The server did not answer within ${seconds(timeoutMs)}. If it expects TLS from the first byte, choose SSL/TLS.`,
      );
    default:
      return new RelayConnectionError("refused", `The server ended the conversation: ${excerpt(error.message) || "connection closed"}.`);
  }
}

function smtpStep(connection: SMTPConnection, step: (done: (error?: SmtpError | null) => void) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: SmtpError) => reject(error);
    connection.once("error", onError);
    step((error) => {
      connection.removeListener("error", onError);
      if (error) reject(error);
      else resolve();
    });
  });
}

/**
 * Resolves with a connected (and authenticated) session; the caller must
 * `quit()` it. Rejects with a RelayConnectionError.
 */
export async function openRelaySession(target: RelayTarget, options: RelaySessionOptions): Promise<SMTPConnection> {
  const deadline = Date.now() + options.timeoutMs;
  const remaining = () => Math.max(1, deadline - Date.now());
  let connection: SMTPConnection | undefined;
  let timer: NodeJS.Timeout | undefined;
  let timedOut = false;

  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      connection?.close();
      reject(new RelayConnectionError("timeout", `The test did not finish within ${seconds(options.timeoutMs)}.`));
    }, options.timeoutMs);
  });
  expired.catch(() => {});

  const handshake = async () => {
    const { address, family } = await resolveRelayAddress(target.host, { allowPrivate: options.allowPrivate });
    const socket = await connectTcp(address, family, target.port, remaining());
    if (Date.now() >= deadline) {
      socket.destroy();
      throw new RelayConnectionError("timeout", `The test did not finish within ${seconds(options.timeoutMs)}.`);
    }
    const session = new SMTPConnection({
      connection: socket,
      host: address,
      port: target.port,
      secure: target.encryption === "ssl_tls",
      requireTLS: target.encryption === "starttls",
      ignoreTLS: target.encryption === "none",
      tls: relayTlsOptions(target.host),
      connectionTimeout: remaining(),
      greetingTimeout: remaining(),
      socketTimeout: remaining(),
      logger: false,
      debug: false,
    });
    connection = session;
    // A late error (after a timeout or quit) must never go unhandled and crash the process.
    session.on("error", () => {});
    try {
      await smtpStep(session, (done) => session.connect(done));
      if (target.credentials) {
        const credentials = target.credentials;
        await smtpStep(session, (done) => session.login({ credentials }, done));
      }
    } catch (error) {
      session.close();
      throw error instanceof RelayConnectionError ? error : classify(error as SmtpError, session, options.timeoutMs);
    }
    return session;
  };

  const attempt = handshake();
  // A session that only opens after the deadline is closed, not leaked.
  attempt.then(
    (session) => timedOut && session.close(),
    () => {},
  );
  try {
    return await Promise.race([attempt, expired]);
  } finally {
    clearTimeout(timer);
  }
}
