// Page security headers come from proxy.ts; API routes and the API reference's
// assets skip the proxy entirely (they must not pay for it). Every page under
// app/ is checked (e2e/support/page-routes.ts reads them from the file system),
// signed out and, for the portal's signed-in pages, signed in.
import { type APIRequestContext, type APIResponse, expect, type Page, test } from "@playwright/test";
import { newAccount, SESSION_COOKIE, signUpThroughPortal } from "./support/accounts";
import { dynamicPageSamples, publicDynamicPageSamples, withPlaceholderIds } from "./support/dynamic-page-samples";
import { pageRoutes } from "./support/page-routes";

const fixedHeaders: Record<string, string> = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "strict-origin-when-cross-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=()",
  "cross-origin-opener-policy": "same-origin",
};

const cspDirectives = [
  "default-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https: http:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];

function nonceOf(csp: string | undefined): string {
  const match = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)' 'strict-dynamic'(;|$)/.exec(csp ?? "");
  expect(match, `script-src with a nonce in: ${csp}`).not.toBeNull();
  return match![1]!;
}

const isAuthPage = (path: string) => /^\/(sign-|auth(\/|$)|forgot-password|reset-password)/.test(path);

/** The checks every page answer must pass: nonce CSP, fixed headers, every script tag carrying the nonce. */
async function expectPageHeaders(response: APIResponse, path: string, options: { https?: boolean } = {}) {
  const headers = response.headers();
  const csp = headers["content-security-policy"];
  const nonce = nonceOf(csp);
  expect(nonce.length).toBeGreaterThanOrEqual(22);
  for (const directive of cspDirectives) expect(csp).toContain(directive);
  expect(csp, "production build: no eval").not.toContain("unsafe-eval");

  const expected = { ...fixedHeaders, ...(isAuthPage(path) ? { "referrer-policy": "no-referrer" } : {}) };
  for (const [name, value] of Object.entries(expected)) expect(headers[name], name).toBe(value);
  if (options.https) expect(headers["strict-transport-security"], "HSTS behind https").toMatch(/^max-age=\d{8,}; includeSubDomains$/);
  else expect(headers["strict-transport-security"], "no HSTS over plain http").toBeUndefined();

  if (response.status() >= 300 && response.status() < 400) return;
  // Next.js and our theme script carry this response's nonce.
  const body = await response.text();
  expect(body).toContain(`nonce="${nonce}"`);
  expect(body.match(/<script\b[^>]*>/g)?.filter((tag) => !tag.includes(`nonce="${nonce}"`)) ?? []).toEqual([]);
}

/** Signs a new account in on the page's context; returns the path to open (a dynamic route's sample arranged for that account). */
async function signedInPath(page: Page, routePath: string): Promise<string> {
  const account = newAccount("headers");
  await signUpThroughPortal(page.request, account);
  const arrange = dynamicPageSamples[routePath];
  return arrange ? arrange(page, account) : routePath;
}

test.describe("page responses", () => {
  test("the page list comes from app/**/page.tsx and includes the portal", () => {
    expect(pageRoutes.map((route) => route.path)).toEqual(expect.arrayContaining(["/", "/sign-in", "/sessions", "/settings"]));
    expect(pageRoutes.filter((route) => route.signedIn).length).toBeGreaterThanOrEqual(3);
  });

  for (const route of pageRoutes) {
    // Signed out, a portal page redirects before reading its id: any value opens it. A public page with an id gets one arranged.
    const publicSample = publicDynamicPageSamples[route.path];
    const signedOutPath = async (request: APIRequestContext) =>
      route.signedIn ? withPlaceholderIds(route.path) : publicSample ? publicSample(request) : route.path;
    const signedOutSkip = route.signedIn || publicSample ? undefined : route.skipReason;

    test(`${route.path} carries a nonce CSP and the security headers${route.signedIn ? " (signed in)" : ""}`, async ({ page }) => {
      const arranged = route.signedIn ? route.path in dynamicPageSamples : Boolean(publicSample);
      test.skip(Boolean(route.skipReason) && !arranged, route.skipReason);
      const path = route.signedIn ? await signedInPath(page, route.path) : await signedOutPath(page.request);
      const response = await page.request.get(path, { maxRedirects: 0 });
      expect(response.status(), route.file).toBe(200);
      await expectPageHeaders(response, path);
    });

    test(`${route.path} sends HSTS behind https`, async ({ request }) => {
      test.skip(Boolean(signedOutSkip), signedOutSkip);
      const path = await signedOutPath(request);
      const response = await request.get(path, { maxRedirects: 0, headers: { "x-forwarded-proto": "https" } });
      await expectPageHeaders(response, path, { https: true });
    });

    if (route.signedIn) {
      test(`${route.path} signed out: a redirect to sign-in, with the same headers`, async ({ request }) => {
        const path = await signedOutPath(request);
        const response = await request.get(path, { maxRedirects: 0 });
        expect(response.status()).toBe(307);
        expect(response.headers().location).toBe(`/sign-in?callbackUrl=${encodeURIComponent(path)}`);
        await expectPageHeaders(response, path);
      });
    }
  }

  test("an unknown page answers 404 with the same headers", async ({ request }) => {
    const response = await request.get("/no-such-page");
    expect(response.status()).toBe(404);
    await expectPageHeaders(response, "/no-such-page");
  });

  test("every cookie the portal sets is HttpOnly and SameSite; the session cookie is also Secure", async ({ request }) => {
    const setCookies: string[] = [];
    const collect = (response: APIResponse) =>
      setCookies.push(
        ...response
          .headersArray()
          .filter((header) => header.name.toLowerCase() === "set-cookie")
          .map((header) => header.value),
      );
    collect(await request.get("/api/auth/csrf"));
    const account = newAccount("cookies");
    const { csrfToken } = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
    collect(
      await request.post("/api/auth/callback/password", {
        form: { csrfToken, mode: "register", email: account.email, password: account.password, json: "true" },
      }),
    );
    for (const route of pageRoutes.filter((entry) => !entry.skipReason)) collect(await request.get(route.path, { maxRedirects: 0 }));

    expect(
      setCookies.some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`)),
      "the session cookie was set",
    ).toBe(true);
    for (const cookie of setCookies) {
      const name = cookie.split("=")[0]!;
      const attributes = cookie
        .split(";")
        .slice(1)
        .map((part) => part.trim().toLowerCase());
      expect(attributes, `${name}: HttpOnly`).toContain("httponly");
      expect(
        attributes.some((part) => part === "samesite=lax" || part === "samesite=strict"),
        `${name}: SameSite`,
      ).toBe(true);
      expect(attributes, `${name}: Path=/`).toContain("path=/");
      if (name === SESSION_COOKIE) expect(attributes, `${name}: Secure`).toContain("secure");
    }
  });

  test("every response gets a fresh nonce", async ({ request }) => {
    const nonces = new Set<string>();
    for (let index = 0; index < 3; index += 1) {
      nonces.add(nonceOf((await request.get("/")).headers()["content-security-policy"]));
    }
    expect(nonces.size).toBe(3);
  });

  test("auth pages send no referrer", async ({ request }) => {
    for (const path of [
      "/auth",
      "/auth/magic-link",
      "/auth/magic-link?token=abc",
      "/sign-in",
      "/sign-up",
      "/sign-in?callbackUrl=%2Fsessions",
      "/sign-in/code",
      "/sign-in/link",
      "/forgot-password",
      "/reset-password?email=a%40example.test",
    ]) {
      const response = await request.get(path);
      expect(response.headers()["referrer-policy"], path).toBe("no-referrer");
      expect(response.headers()["content-security-policy"], path).toBeTruthy();
    }
  });

  test("HSTS is sent when the request came over https (TLS-terminating proxy)", async ({ request }) => {
    const response = await request.get("/", { headers: { "x-forwarded-proto": "https" } });
    expect(response.headers()["strict-transport-security"]).toMatch(/^max-age=\d{8,}/);
  });
});

test.describe("responses the proxy skips", () => {
  const skipped = [
    { path: "/api/v1/health", status: 200 },
    { path: "/api/v1/health/ready", status: 200 },
    { path: "/api/v1/openapi.json", status: 200 },
    { path: "/api/v1/no-such-route", status: 404 },
    { path: "/docs/api/assets/standalone.esm.js?v=1", status: 200 },
  ];
  for (const { path, status } of skipped) {
    test(`${path} carries no page CSP`, async ({ request }) => {
      const response = await request.get(path, { headers: { "x-forwarded-proto": "https" } });
      expect(response.status()).toBe(status);
      expect(response.headers()["content-security-policy"]).toBeUndefined();
      expect(response.headers()["strict-transport-security"]).toBeUndefined();
    });
  }
});

test.describe("API reference assets", () => {
  test("the entry and the chunks it imports are served from our origin with long caching", async ({ request }) => {
    const entry = await request.get("/docs/api/assets/standalone.esm.js?v=test");
    const source = await entry.text();
    const chunk = /from"\.\/(chunks\/[\w.-]+\.js)"/.exec(source)?.[1];
    expect(chunk, "the entry imports a chunk").toBeDefined();
    for (const response of [entry, await request.get(`/docs/api/assets/${chunk}`)]) {
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toBe("text/javascript; charset=utf-8");
      expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(response.headers()["x-content-type-options"]).toBe("nosniff");
    }
    expect(source).toContain("createApiReference");
  });

  for (const file of [
    "package.json",
    "standalone.js",
    "standalone.esm.js.map",
    "chunks",
    "..%2Fpackage.json",
    "chunks/..%2F..%2F..%2Fpackage.json",
    "style.css",
  ]) {
    test(`${file} is not served`, async ({ request }) => {
      const response = await request.get(`/docs/api/assets/${file}`);
      expect(response.status()).toBe(404);
    });
  }
});
