import { describe, expect, it } from "vitest";
import { getHealth, getReadiness } from "@/shared/api/endpoints/health";
import { baseUrl, call, request } from "../support/api-client";

describe("API conventions on the real server", () => {
  it("answers the health route with the envelope, a request id and no-store", async () => {
    const response = await call(getHealth);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: "OK", data: { status: "ok", version: expect.any(String) } });
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("gives each request its own id", async () => {
    const [first, second] = await Promise.all([call(getHealth), call(getHealth)]);
    expect(first.headers.get("x-request-id")).not.toBe(second.headers.get("x-request-id"));
  });

  it("reports readiness after checking the database", async () => {
    const response = await call(getReadiness);
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      status: "ready",
      database: "ok",
      mailStorage: "online",
      outboundMta: "off",
      spamFilter: "external",
    });
  });

  it.each([
    ["GET", "/nope"],
    ["POST", "/nope/deeper"],
    ["DELETE", ""],
    ["PATCH", "/health/ready/extra"],
  ])("answers %s %s (unknown route) with a 404 envelope", async (method, path) => {
    const response = await request(path, { method });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ success: false, data: { code: "not_found" } });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it.each(["POST", "PUT", "PATCH", "DELETE"])("answers %s on a GET-only route with a 405 envelope and Allow", async (method) => {
    const response = await request("/health", { method });
    expect(response.status).toBe(405);
    expect(response.body).toMatchObject({ success: false, data: { code: "method_not_allowed" } });
    expect(response.headers.get("allow")).toBe("GET");
  });

  it("serves the raw OpenAPI 3.1 document", async () => {
    const response = await fetch(`${baseUrl()}/api/v1/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(["/health", "/health/ready"]));
  });

  it("never answers an API route with Next's HTML", async () => {
    const response = await fetch(`${baseUrl()}/api/v1/does/not/exist`, { headers: { accept: "text/html" } });
    expect(response.headers.get("content-type")).toContain("application/json");
  });
});
