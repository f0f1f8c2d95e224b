// TLS settings for relay connections: certificates are always verified, the
// name checked is the relay's host name (sent as SNI) even though we connect
// to an IP address. RELAY_EXTRA_CA_FILE adds trusted authorities (a company
// CA, or the test suite's own) to Node's built-in roots.
import { readFileSync } from "node:fs";
import net from "node:net";
import tls from "node:tls";
import { env } from "@/server/config/env";

let extraCa: { file: string; ca: string[] } | undefined;

function trustedAuthorities(): string[] | undefined {
  const file = env().RELAY_EXTRA_CA_FILE;
  if (!file) return undefined;
  // Configuration read once per process, like the environment itself.
  if (extraCa?.file !== file) extraCa = { file, ca: [...tls.rootCertificates, readFileSync(file, "utf8")] };
  return extraCa.ca;
}

export function relayTlsOptions(host: string): tls.ConnectionOptions {
  return {
    // SNI takes names only; for an IP address the certificate is checked against the address.
    servername: net.isIP(host) ? undefined : host,
    ca: trustedAuthorities(),
    rejectUnauthorized: true,
    minVersion: "TLSv1.2",
  };
}
