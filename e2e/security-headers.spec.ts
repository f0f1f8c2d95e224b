// Page security headers come from proxy.ts; API routes and the Swagger UI
// assets skip the proxy entirely (they must not pay for it).
import { expect, test } from "@playwright/test";

const pages = [
  { path: "/", status: 200 },
  { path: "/docs/api", status: 200 },
  { path: "/sign-in", status: 200 },
  { path: "/sign-up", status: 200 },
  { path: "/sign-in/code", status: 200 },
  { path: "/sign-in/link", status: 200 },
  { path: "/auth/magic-link", status: 200 },
  { path: "/forgot-password", status: 200 },
  { path: "/reset-password", status: 200 },
  { path: "/dev/mail", status: 200 },
  { path: "/no-such-page", status: 404 },
];

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
  "img-src 'self' data:",
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

test.describe("page responses", () => {
  for (const { path, status } of pages) {
    test(`${path} carries a nonce CSP and the security headers`, async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(status);
      const headers = response.headers();
      const isAuthPage = /^\/(sign-|auth\/|forgot-password|reset-password)/.test(path);

      const csp = headers["content-security-policy"];
      const nonce = nonceOf(csp);
      expect(nonce.length).toBeGreaterThanOrEqual(22);
      for (const directive of cspDirectives) expect(csp).toContain(directive);
      expect(csp, "production build: no eval").not.toContain("unsafe-eval");

      const expected = { ...fixedHeaders, ...(isAuthPage ? { "referrer-policy": "no-referrer" } : {}) };
      for (const [name, value] of Object.entries(expected)) expect(headers[name], name).toBe(value);
      expect(headers["strict-transport-security"], "no HSTS over plain http").toBeUndefined();

      // Next.js and our theme script carry this response's nonce.
      const body = await response.text();
      expect(body).toContain(`nonce="${nonce}"`);
      expect(body.match(/<script\b[^>]*>/g)?.filter((tag) => !tag.includes(`nonce="${nonce}"`)) ?? []).toEqual([]);
    });
  }

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
    { path: "/docs/api/assets/swagger-ui.css?v=1", status: 200 },
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

test.describe("Swagger UI assets", () => {
  const assets = [
    { file: "swagger-ui-bundle.js", type: "text/javascript; charset=utf-8", contains: "SwaggerUIBundle" },
    { file: "swagger-ui.css", type: "text/css; charset=utf-8", contains: ".swagger-ui" },
  ];
  for (const { file, type, contains } of assets) {
    test(`${file} is served from our origin with long caching`, async ({ request }) => {
      const response = await request.get(`/docs/api/assets/${file}?v=test`);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toBe(type);
      expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(response.headers()["x-content-type-options"]).toBe("nosniff");
      expect(await response.text()).toContain(contains);
    });
  }

  for (const file of ["package.json", "index.html", "swagger-ui.js", "..%2Fpackage.json", "swagger-ui-bundle.js.map"]) {
    test(`${file} is not served`, async ({ request }) => {
      const response = await request.get(`/docs/api/assets/${file}`);
      expect(response.status()).toBe(404);
    });
  }
});
