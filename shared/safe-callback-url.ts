// Where to go after signing in. Only a path on this site is followed: "//evil"
// and "/\evil" are protocol-relative URLs to browsers, and absolute URLs or
// other schemes would make the sign-in page an open redirect.

export const DEFAULT_AFTER_SIGN_IN = "/dashboard";

const PROBE_ORIGIN = "http://portal.invalid";

export function safeCallbackUrl(value: string | string[] | null | undefined, fallback = DEFAULT_AFTER_SIGN_IN): string {
  const candidate = Array.isArray(value) ? value[0] : value;
  if (!candidate?.startsWith("/") || candidate.startsWith("//") || candidate.startsWith("/\\")) return fallback;
  // Control characters and backslashes are normalised away by URL parsers in surprising ways.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this rejects
  if (/[\u0000-\u001f\u007f\\]/.test(candidate)) return fallback;
  let url: URL;
  try {
    url = new URL(candidate, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN) return fallback;
  // Back to a sign-in page would only loop.
  if (["/sign-in", "/sign-up"].includes(url.pathname)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in page that returns to `path` afterwards. */
export function signInUrl(path: string): string {
  const callbackUrl = safeCallbackUrl(path, "");
  return callbackUrl ? `/sign-in?${new URLSearchParams({ callbackUrl })}` : "/sign-in";
}

/** `path`, carrying the callbackUrl along unless it is the default (keeps URLs short). */
export function withCallbackUrl(path: string, callbackUrl: string): string {
  return callbackUrl === DEFAULT_AFTER_SIGN_IN ? path : `${path}?${new URLSearchParams({ callbackUrl })}`;
}
