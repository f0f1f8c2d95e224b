// RFC 8058's one-click unsubscribe, sent from the server on a reader's
// behalf: one POST of `List-Unsubscribe=One-Click` to the sender's https
// link, with no cookie and no credentials. The connection follows the rules
// of relays (docs/security.md): the name is resolved once, the address must be
// public (unless RELAY_ALLOW_PRIVATE_HOSTS), the connection goes to that very
// address, and the certificate is verified against the link's host name.
// Redirects are not followed: a one-click answer is the POST's own.
import https from "node:https";
import { env } from "@/server/config/env";
import { resolveRelayAddress } from "./relay/resolve-relay-address";
import { relayTlsOptions } from "./relay/relay-tls-options";

const BODY = "List-Unsubscribe=One-Click";
const TIMEOUT_MS = 10_000;

export type OneClickOutcome = { ok: true; status: number } | { ok: false; reason: string };

export async function postOneClick(link: string): Promise<OneClickOutcome> {
  const url = new URL(link);
  if (url.protocol !== "https:") return { ok: false, reason: "the link is not https" };
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let address: { address: string; family: 4 | 6 };
  try {
    address = await resolveRelayAddress(host, { allowPrivate: env().RELAY_ALLOW_PRIVATE_HOSTS });
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  }
  return new Promise((resolve) => {
    const request = https.request(
      {
        ...relayTlsOptions(host),
        host: address.address,
        family: address.family,
        port: url.port ? Number(url.port) : 443,
        path: `${url.pathname}${url.search}`,
        method: "POST",
        headers: {
          host: url.host,
          "content-type": "application/x-www-form-urlencoded",
          "content-length": Buffer.byteLength(BODY),
          "user-agent": "CustomerEmailService-Unsubscribe/1.0",
        },
        timeout: TIMEOUT_MS,
      },
      (response) => {
        // The answer's body says nothing we act on.
        response.resume();
        const status = response.statusCode ?? 0;
        resolve(status >= 200 && status < 300 ? { ok: true, status } : { ok: false, reason: `the sender's server answered ${status}` });
      },
    );
    request.on("timeout", () => request.destroy(new Error("the sender's server did not answer in time")));
    request.on("error", (error) => resolve({ ok: false, reason: error.message }));
    request.end(BODY);
  });
}
