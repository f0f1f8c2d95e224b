// Reads the evidence of each delivery from the child Postfix's log lines
// (docs/delivery.md, "Delivery evidence"): the server that took a recipient's
// copy (`relay=host[ip]:port` of its `status=sent` line) and the TLS of that
// connection. With `smtp_tls_loglevel = 1` the outbound client logs one line
// per TLS session, before the status lines of the deliveries made over it,
// without a queue ID: it is matched by the client's process id and the peer
// it names. Postfix 3.7 does not reuse TLS connections (smtp_tls_connection_reuse
// is off), so a TLS session line always comes from the process that then delivers.
import type { RecipientTls } from "@/server/db/schema";

export type DeliveryEvidence = {
  queueId: string;
  recipient: string;
  /** `host[ip]:port`, as Postfix names the server. */
  relay: string;
  /** The server's IP address. */
  address: string;
  tls: RecipientTls;
};

type TlsSession = { peer: string; protocol: string; verified: boolean };

// "Untrusted TLS connection established to mx.example[192.0.2.1]:25: TLSv1.3 with cipher ..."
const TLS_LINE =
  /postfix\/(?:[\w-]+\/)?(?:smtp|relay)\[(\d+)\]: (Anonymous|Untrusted|Trusted|Verified) TLS connection established to (\S+\[[^\]]+\]:\d+): (\S+) with cipher /;
// "4ABC123: to=<a@example.com>, relay=mx.example[192.0.2.1]:25, delay=…, status=sent (250 2.0.0 Ok)"; a provider
// preset's client logs as postfix/<preset>/smtp (provider-presets.ts).
const STATUS_LINE =
  /postfix\/(?:[\w-]+\/)?(?:smtp|relay)\[(\d+)\]: ([0-9A-Za-z]+): to=<([^>]*)>, (?:orig_to=<[^>]*>, )?relay=(\S+\[([^\]]+)\]:\d+), .*\bstatus=sent \(/;

/** Whether a TLS client of the outbound route verified the server: only Postfix's "Verified" (name and chain checked). */
const verifiedTrust = (trust: string) => trust === "Verified";

/**
 * One reader per log stream: feed it every line; it answers the evidence of
 * a delivery when the line reports one, else null.
 */
export function deliveryLogReader(policy: RecipientTls["policy"] = "may") {
  const sessions = new Map<string, TlsSession & { queueId?: string }>();
  return (line: string): DeliveryEvidence | null => {
    const tls = TLS_LINE.exec(line);
    if (tls) {
      sessions.set(tls[1]!, { peer: tls[3]!, protocol: tls[4]!, verified: verifiedTrust(tls[2]!) });
      return null;
    }
    const status = STATUS_LINE.exec(line);
    if (!status) return null;
    const [, pid, queueId, recipient, relay, address] = status as unknown as [string, string, string, string, string, string];
    const session = sessions.get(pid);
    // The session belongs to the first message delivered over it: a later message of this process came over another connection.
    const current = session && session.peer === relay && (session.queueId ?? queueId) === queueId ? session : null;
    if (session && !current) sessions.delete(pid);
    if (current) current.queueId = queueId;
    return {
      queueId,
      recipient: recipient.toLowerCase(),
      relay,
      address,
      tls: current ? { protocol: current.protocol, verified: current.verified, policy } : { protocol: null, verified: false, policy },
    };
  };
}

/** The queue ID in Postfix's answer to DATA ("250 2.0.0 Ok: queued as 4ABC123"), or null. */
export function queueIdOf(response: string | undefined): string | null {
  return /\bqueued as ([0-9A-Za-z]+)/.exec(response ?? "")?.[1] ?? null;
}
