// A minimal browser for provider sign-ins: one cookie jar per host, redirects
// followed by hand so each hop can be inspected. "localhost" is reached at
// 127.0.0.1 (as the hosts file would), but its cookies stay its own.
import { inject } from "vitest";
import { randomIp } from "./api-client";

export type Person = { email: string; emailVerified?: boolean; name?: string; subject?: string; login?: string };

export class TestBrowser {
  private readonly jars = new Map<string, Map<string, string>>();
  /** The address the app sees for this browser (loopback is a trusted proxy in the tests). */
  readonly ip = randomIp();

  cookie(host: string, name: string): string | undefined {
    return this.jars.get(host)?.get(name);
  }

  cookieHeader(url: string): string {
    const jar = this.jars.get(new URL(url).host);
    return jar ? [...jar].map(([name, value]) => `${name}=${value}`).join("; ") : "";
  }

  private store(url: URL, response: Response) {
    const jar = this.jars.get(url.host) ?? new Map<string, string>();
    this.jars.set(url.host, jar);
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const index = pair!.indexOf("=");
      const name = pair!.slice(0, index).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (expired) jar.delete(name);
      else jar.set(name, pair!.slice(index + 1).trim());
    }
  }

  /** One request, no redirects followed. */
  async fetch(url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
    const target = new URL(url);
    const actual = new URL(url);
    if (actual.hostname === "localhost") actual.hostname = "127.0.0.1";
    const headers: Record<string, string> = { "x-forwarded-for": this.ip, "user-agent": "oauth-test-browser" };
    const cookies = this.cookieHeader(url);
    if (cookies) headers.cookie = cookies;
    let body: string | undefined;
    if (init.form) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(actual, { method: init.method ?? (body ? "POST" : "GET"), headers, body, redirect: "manual" });
    this.store(target, response);
    return response;
  }

  /** Follows redirects until one leads to `stopAt` (not fetched) or a page answers. */
  async follow(url: string, stopAt: (url: URL) => boolean): Promise<{ url: URL; response?: Response }> {
    let current = new URL(url);
    for (let hops = 0; hops < 15; hops++) {
      if (stopAt(current)) return { url: current };
      const response = await this.fetch(current.href);
      const location = response.headers.get("location");
      if (response.status < 300 || response.status >= 400 || !location) return { url: current, response };
      current = new URL(location, current);
    }
    throw new Error("too many redirects");
  }
}

export const appUrl = () => inject("appUrl");
export const startUrl = (provider: "google" | "github", returnTo?: string) =>
  `${appUrl()}/api/v1/auth/oauth/${provider}${returnTo === undefined ? "" : `?${new URLSearchParams({ returnTo })}`}`;
const isCallback = (url: URL) => url.pathname.startsWith("/api/v1/auth/oauth/") && url.pathname.endsWith("/callback");

/** Start at our API: the provider's authorization URL (with the binding cookie now in the jar). */
export async function startSignIn(browser: TestBrowser, provider: "google" | "github", returnTo?: string): Promise<URL> {
  const response = await browser.fetch(startUrl(provider, returnTo));
  if (response.status !== 302) throw new Error(`start answered ${response.status}: ${await response.text()}`);
  return new URL(response.headers.get("location")!);
}

/** Plays the person at the provider: fills its login form and returns the callback URL it sends the browser to. */
export async function authorizeAtProvider(
  browser: TestBrowser,
  provider: "google" | "github",
  authorizationUrl: URL,
  person: Person,
): Promise<URL> {
  if (provider === "github") {
    const page = await browser.fetch(authorizationUrl.href);
    if (page.status !== 200) throw new Error(`GitHub authorize answered ${page.status}: ${await page.text()}`);
    const form: Record<string, string> = {
      ...Object.fromEntries(
        ["client_id", "redirect_uri", "state", "scope"].map((name) => [name, authorizationUrl.searchParams.get(name) ?? ""]),
      ),
      login: person.login ?? person.email.split("@")[0]!.replace(/[^a-z0-9]/gi, "-"),
      email: person.email,
    };
    if (person.emailVerified !== false) form.verified = "true";
    const sent = await browser.fetch(new URL("/login/oauth/authorize", authorizationUrl).href, { form });
    return new URL(sent.headers.get("location")!);
  }
  const atLogin = await browser.follow(authorizationUrl.href, (url) => url.pathname.startsWith("/interaction/") || isCallback(url));
  // Still signed in at the provider (same browser, consent given): straight back.
  if (isCallback(atLogin.url)) return atLogin.url;
  const form: Record<string, string> = { email: person.email, name: person.name ?? "Test Person" };
  if (person.subject) form.sub = person.subject;
  if (person.emailVerified !== false) form.email_verified = "true";
  const sent = await browser.fetch(`${atLogin.url.href}/login`, { form });
  const back = await browser.follow(new URL(sent.headers.get("location")!, atLogin.url).href, isCallback);
  if (!isCallback(back.url))
    throw new Error(`the provider did not send the browser back: ${back.response?.status} ${await back.response?.text()}`);
  return back.url;
}

/** Our callback: where it sends the browser (the portal's complete page). */
export async function deliverCallback(browser: TestBrowser, callback: URL): Promise<URL> {
  const response = await browser.fetch(callback.href);
  if (response.status !== 302) throw new Error(`callback answered ${response.status}: ${await response.text()}`);
  return new URL(response.headers.get("location")!);
}

/** The whole browser side: start → provider → callback; returns the complete page URL. */
export async function signInAtProvider(
  browser: TestBrowser,
  provider: "google" | "github",
  person: Person,
  returnTo?: string,
): Promise<URL> {
  const authorizationUrl = await startSignIn(browser, provider, returnTo);
  return deliverCallback(browser, await authorizeAtProvider(browser, provider, authorizationUrl, person));
}
