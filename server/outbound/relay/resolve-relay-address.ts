// Resolves a relay's host once and checks the address we are about to
// connect to. The connection then goes to that address itself, so a second
// DNS answer (rebinding) can never steer it to a private network.
import { promises as dns } from "node:dns";
import net from "node:net";
import { isPublicAddress } from "@/server/security/public-address";
import { RelayConnectionError } from "./relay-connection-error";

export type RelayAddress = { address: string; family: 4 | 6 };

const notFoundCodes = new Set(["ENOTFOUND", "ENODATA", "EAI_NONAME", "EAI_NODATA", "ESERVFAIL", "EAI_AGAIN", "EAI_FAIL"]);

export async function resolveRelayAddress(host: string, options: { allowPrivate: boolean }): Promise<RelayAddress> {
  let candidates: RelayAddress[];
  const literal = net.isIP(host);
  if (literal) {
    candidates = [{ address: host, family: literal as 4 | 6 }];
  } else {
    try {
      const answers = await dns.lookup(host, { all: true, order: "ipv4first" });
      candidates = answers.map((answer) => ({ address: answer.address, family: answer.family as 4 | 6 }));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? "";
      const detail = notFoundCodes.has(code) ? "the name does not exist or has no address" : "the lookup failed";
      throw new RelayConnectionError("dns_failure", `Could not resolve ${host}: ${detail}.`);
    }
    if (candidates.length === 0) throw new RelayConnectionError("dns_failure", `Could not resolve ${host}: it has no address.`);
  }
  // Every answer must be public: a name that also points inside a network is refused outright.
  const blocked = options.allowPrivate ? undefined : candidates.find((candidate) => !isPublicAddress(candidate.address));
  // The answer never says which address a name resolved to, nor what kind it is: that would be a DNS oracle for internal names.
  if (blocked) {
    throw new RelayConnectionError("refused", `${host} is not a public address; relays must be reachable on the public internet.`);
  }
  return candidates[0]!;
}
