// Reads each recipient's fate from the child Postfix's log lines
// (docs/delivery.md, "Each recipient's fate"): a status line per delivery
// attempt (`status=sent|deferred|bounced`, with the server that answered,
// `relay=host[ip]:port`, and its reply), the queue manager's line when a
// message enters the active queue (its envelope sender: our VERP return
// path) and its line when a message expired. With `smtp_tls_loglevel = 1` the
// outbound client logs one line per TLS session, before the status lines of
// the deliveries made over it, without a queue ID: it is matched by the
// client's process id and the peer it names. Postfix 3.7 does not reuse TLS
// connections (smtp_tls_connection_reuse is off), so a TLS session line always
// comes from the process that then delivers.
import type { RecipientTls } from "@/server/db/schema";

export type DeliveryStatus = "sent" | "deferred" | "bounced";

export type DeliveryAttempt = {
  kind: "attempt";
  queueId: string;
  recipient: string;
  status: DeliveryStatus;
  /** `host[ip]:port`, as Postfix names the server; null when no server answered (`relay=none`). */
  relay: string | null;
  /** The server's IP address, or null. */
  address: string | null;
  /** The server's reply, or Postfix's reason when none answered. */
  reply: string;
  /** Seconds since the message entered Postfix's queue (`delay=`). */
  ageSeconds: number;
  tls: RecipientTls;
};

export type PostfixLogEntry =
  | DeliveryAttempt
  /** The queue manager took the message (`from=<…>, size=…, nrcpt=…`): the envelope sender it was handed off with. */
  | { kind: "active"; queueId: string; sender: string }
  /** The message stayed longer than the queue lifetime: its recipients still open are returned. */
  | { kind: "expired"; queueId: string; sender: string };

type TlsSession = { peer: string; protocol: string; verified: boolean };

const PROCESS = String.raw`postfix/(?:[\w-]+/)?([\w-]+)\[(\d+)\]: `;
// "Untrusted TLS connection established to mx.example[192.0.2.1]:25: TLSv1.3 with cipher ..."
const TLS_LINE = new RegExp(
  `${PROCESS}(Anonymous|Untrusted|Trusted|Verified) TLS connection established to (\\S+\\[[^\\]]+\\]:\\d+): (\\S+) with cipher `,
);
// "4ABC123: to=<a@example.com>, relay=mx.example[192.0.2.1]:25, delay=0.12, …, status=sent (250 2.0.0 Ok)"; a provider
// preset's client logs as postfix/<preset>/smtp (provider-presets.ts); `relay=none` when no server answered.
const STATUS_LINE = new RegExp(
  `${PROCESS}([0-9A-Za-z]+): to=<([^>]*)>, (?:orig_to=<[^>]*>, )?relay=(none|\\S+\\[([^\\]]+)\\]:\\d+), (?:conn_use=\\d+, )?delay=([\\d.]+), .*?\\bstatus=(sent|deferred|bounced) \\((.*)\\)$`,
);
const ACTIVE_LINE = new RegExp(`${PROCESS}([0-9A-Za-z]+): from=<([^>]*)>, size=\\d+, nrcpt=\\d+ \\(queue active\\)`);
const EXPIRED_LINE = new RegExp(`${PROCESS}([0-9A-Za-z]+): from=<([^>]*)>, status=expired, returned to sender`);

/** Whether a TLS client of the outbound route verified the server: only Postfix's "Verified" (name and chain checked). */
const verifiedTrust = (trust: string) => trust === "Verified";

/** "host mx.example[192.0.2.1] said: 451 4.2.1 Busy (in reply to RCPT TO command)" → the reply itself (the server is in `relay`). */
const replyOf = (text: string) => text.replace(/^host \S+ said: /, "");

/**
 * One reader per log stream: feed it every line; it answers what the line
 * says about a message, or null.
 */
export function postfixLogReader(policy: RecipientTls["policy"] = "may") {
  const sessions = new Map<string, TlsSession & { queueId?: string }>();
  function tlsOf(pid: string, relay: string | null, queueId: string): RecipientTls {
    const session = sessions.get(pid);
    // The session belongs to the first message delivered over it: a later message of this process came over another connection.
    const current = session && session.peer === relay && (session.queueId ?? queueId) === queueId ? session : null;
    if (session && !current) sessions.delete(pid);
    if (!current) return { protocol: null, verified: false, policy };
    current.queueId = queueId;
    return { protocol: current.protocol, verified: current.verified, policy };
  }
  return (line: string): PostfixLogEntry | null => {
    const tls = TLS_LINE.exec(line);
    if (tls) {
      sessions.set(tls[2]!, { peer: tls[4]!, protocol: tls[5]!, verified: verifiedTrust(tls[3]!) });
      return null;
    }
    const status = STATUS_LINE.exec(line);
    if (status) {
      const [, , pid, queueId, recipient, relay, address, delay, outcome, text] = status as unknown as string[];
      const server = relay === "none" ? null : relay!;
      return {
        kind: "attempt",
        queueId: queueId!,
        recipient: recipient!.toLowerCase(),
        status: outcome as DeliveryStatus,
        relay: server,
        address: server ? address! : null,
        reply: replyOf(text!),
        ageSeconds: Number(delay),
        tls: outcome === "sent" ? tlsOf(pid!, server, queueId!) : { protocol: null, verified: false, policy },
      };
    }
    const active = ACTIVE_LINE.exec(line);
    if (active) return { kind: "active", queueId: active[3]!, sender: active[4]!.toLowerCase() };
    const expired = EXPIRED_LINE.exec(line);
    if (expired) return { kind: "expired", queueId: expired[3]!, sender: expired[4]!.toLowerCase() };
    return null;
  };
}

/** The queue ID in Postfix's answer to DATA ("250 2.0.0 Ok: queued as 4ABC123"), or null. */
export function queueIdOf(response: string | undefined): string | null {
  return /\bqueued as ([0-9A-Za-z]+)/.exec(response ?? "")?.[1] ?? null;
}
