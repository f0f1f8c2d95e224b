// Credentials travel only over TLS. Outside production a client on this
// machine may skip it, so local tools and tests can use plain SMTP on loopback.
import { isLoopbackHost } from "@/server/security/loopback-host";

export function mayAuthenticate(connection: { secure: boolean; remoteAddress: string }, isProduction: boolean): boolean {
  return connection.secure || (!isProduction && isLoopbackHost(connection.remoteAddress));
}
