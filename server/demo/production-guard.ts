// The rules that keep `npm run seed:demo` away from production data. Demo
// accounts in a real customer database would be junk at best (and a known
// password at worst), so the seed refuses when any of these says "production":
//   1. APP_ENV=production in the seed's own environment (no override);
//   2. the target database carries the marker a production launcher sets at
//      start (see server/db/environment-marker.ts; no override);
//   3. DATABASE_URL names a host that is not this machine, unless --force:
//      a remote database is where production usually lives.
import { isLoopbackHost } from "@/server/security/loopback-host";

/** Why the seed must not run with this configuration, or null when it may. */
export function configurationRefusal(options: {
  appEnv: string | undefined;
  databaseUrl: string | undefined;
  force: boolean;
}): string | null {
  if (options.appEnv === "production") {
    return "APP_ENV is production. The demo seed never runs against production; use a development or staging copy.";
  }
  if (options.databaseUrl && !options.force && !isLocalDatabase(options.databaseUrl)) {
    const host = databaseHost(options.databaseUrl);
    return `DATABASE_URL points at ${host}, which is not this machine. If that database really is a disposable demo or staging database, run again with --force.`;
  }
  return null;
}

/** The refusal for a database that says it is production. */
export function markerRefusal(environment: string | null): string | null {
  return environment === "production"
    ? "The database is marked as production (ces.environment = 'production', set by `npm start` with APP_ENV=production). The demo seed never writes there."
    : null;
}

/** The host node-postgres would connect to: `?host=` (a socket directory) wins over the URL's host. */
export function databaseHost(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  return url.searchParams.get("host") ?? url.hostname;
}

/** Loopback addresses, localhost, and Unix sockets (an empty host or a socket directory) are this machine. */
export function isLocalDatabase(databaseUrl: string): boolean {
  const host = databaseHost(databaseUrl);
  return host === "" || host.startsWith("/") || isLoopbackHost(host);
}
