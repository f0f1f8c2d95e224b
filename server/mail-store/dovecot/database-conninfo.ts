// Dovecot's pgsql driver takes a libpq "key=value" string, not a URL. Values
// are quoted only when they must be (libpq quoting), as Dovecot reads the
// string itself first.
const quote = (value: string) => (/^[^\s'\\]+$/.test(value) ? value : `'${value.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`);

export function libpqConnInfo(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  const parts: string[] = [`host=${quote(url.hostname.replace(/^\[|\]$/g, ""))}`];
  if (url.port) parts.push(`port=${url.port}`);
  parts.push(`dbname=${quote(decodeURIComponent(url.pathname.slice(1)) || "postgres")}`);
  if (url.username) parts.push(`user=${quote(decodeURIComponent(url.username))}`);
  if (url.password) parts.push(`password=${quote(decodeURIComponent(url.password))}`);
  for (const key of ["sslmode", "sslrootcert", "sslcert", "sslkey", "connect_timeout"]) {
    const value = url.searchParams.get(key);
    if (value) parts.push(`${key}=${quote(value)}`);
  }
  return parts.join(" ");
}
