// Whether our cookies carry `Secure`: always over https, and also on loopback
// http, which browsers treat as a secure context (so local runs behave like
// production). Only plain http on another host goes without.
export function cookieIsSecure(appUrl: string): boolean {
  const url = new URL(appUrl);
  return url.protocol === "https:" || ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}

/** The value of cookie `name` in a Cookie header, or null. */
export function readCookie(cookieHeader: string | null | undefined, name: string): string | null {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) {
      try {
        return decodeURIComponent(value.join("="));
      } catch {
        return null;
      }
    }
  }
  return null;
}
