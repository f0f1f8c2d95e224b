// An smtp:// or smtps:// URL as nodemailer's connection options. Given
// `url`, nodemailer builds the transport from the URL alone and drops every
// option beside it (pool, timeouts, ignoreTLS, DKIM), so the URL is read here
// and the caller's options are laid over it.
type ConnectionOptions = { host: string; port: number; secure: boolean; auth?: { user: string; pass: string } };

export function smtpUrlOptions(url: string): ConnectionOptions {
  const parsed = new URL(url);
  const secure = parsed.protocol === "smtps:";
  const user = decodeURIComponent(parsed.username);
  return {
    host: parsed.hostname.replace(/^\[|\]$/g, ""),
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    secure,
    ...(user ? { auth: { user, pass: decodeURIComponent(parsed.password) } } : {}),
  };
}
