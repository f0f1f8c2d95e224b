// Which TLS policy Postfix applied to a delivery, for its evidence
// (docs/delivery.md, "Delivery evidence"). Postfix's log says whether the
// server was verified, not why: a verified server means a policy asked for
// it (opportunistic TLS never checks the name). The MTA-STS resolver is asked
// the same question Postfix asked it, over the same socketmap (its answer
// comes from its cache); a domain without a policy there was verified by DANE.
import net from "node:net";
import type { RecipientTls } from "@/server/db/schema";

/** One socketmap request (netstrings, as Postfix's socketmap client speaks): `name key` → the reply, or null. */
export function socketmapLookup(port: number, name: string, key: string, timeoutMs = 5_000): Promise<string | null> {
  return new Promise((resolve) => {
    const request = Buffer.from(`${name} ${key}`);
    const socket = net.connect({ host: "127.0.0.1", port });
    let received = Buffer.alloc(0);
    const done = (reply: string | null) => {
      socket.destroy();
      resolve(reply);
    };
    socket.setTimeout(timeoutMs, () => done(null));
    socket.once("error", () => done(null));
    socket.once("connect", () => socket.write(Buffer.concat([Buffer.from(`${request.length}:`), request, Buffer.from(",")])));
    socket.on("data", (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const colon = received.indexOf(":");
      if (colon < 0) return;
      const length = Number(received.subarray(0, colon).toString());
      if (received.length >= colon + 1 + length + 1) done(received.subarray(colon + 1, colon + 1 + length).toString());
    });
  });
}

export type TlsPolicySources = { mtaStsPort: number | null; dane: boolean };

type Evidence = { recipient: string; tls: RecipientTls };

/** The evidence with the policy that made Postfix verify the server: `mta-sts` or `dane` (else as read: `may`). */
export async function withAppliedPolicy<T extends Evidence>(evidence: T, sources: TlsPolicySources): Promise<T> {
  if (!evidence.tls.verified) return evidence;
  const domain = evidence.recipient.slice(evidence.recipient.lastIndexOf("@") + 1);
  const reply = sources.mtaStsPort ? await socketmapLookup(sources.mtaStsPort, "postfix", domain) : null;
  const policy = reply?.startsWith("OK ") ? "mta-sts" : sources.dane ? "dane" : evidence.tls.policy;
  return { ...evidence, tls: { ...evidence.tls, policy } };
}
