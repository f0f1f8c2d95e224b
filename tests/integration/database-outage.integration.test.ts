// The database goes away under a running server: API answers turn into an
// enveloped 503 with Retry-After (never a hang or a 500), and the server
// recovers by itself when the database comes back.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { startTcpProxy, type TcpProxy } from "../support/tcp-proxy";
import { startTestServer, type TestServer } from "../support/test-server";

let database: TestDatabase | undefined;
let proxy: TcpProxy;
let server: TestServer;

beforeAll(async () => {
  // Same engine as the rest of the run: a throwaway PostgreSQL database, or the
  // run's embedded database (served over the wire protocol) when there is none.
  const base = process.env.DATABASE_URL;
  if (base) database = await createTestDatabase(base, "outage");
  const target = new URL(database?.url ?? inject("databaseUrl"));
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const viaProxy = new URL(target);
  viaProxy.hostname = "127.0.0.1";
  viaProxy.port = String(proxy.port);
  server = await startTestServer({
    label: "outage",
    databaseUrl: viaProxy.toString(),
    // Through the relay it cannot tell the run's embedded database from a server; tell it.
    env: database ? {} : { DATABASE_EMBEDDED: "true" },
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await proxy?.close();
  await database?.drop();
});

describe("database outage", () => {
  it("answers 503 service_unavailable while the database is unreachable, then recovers", async () => {
    const ready = await fetch(`${server.baseUrl}/api/v1/health/ready`);
    expect(ready.status).toBe(200);

    proxy.cut();
    const started = Date.now();
    const down = await fetch(`${server.baseUrl}/api/v1/health/ready`);
    expect(down.status).toBe(503);
    expect(down.headers.get("retry-after")).toBe("5");
    const body = await down.json();
    expect(body).toEqual({
      success: false,
      message: expect.any(String),
      data: { code: "service_unavailable" },
    });
    expect(JSON.stringify(body)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|terminated|at /);
    expect(Date.now() - started).toBeLessThan(10_000);

    // Liveness does not depend on the database.
    expect((await fetch(`${server.baseUrl}/api/v1/health`)).status).toBe(200);

    proxy.restore();
    const back = await fetch(`${server.baseUrl}/api/v1/health/ready`);
    expect(back.status).toBe(200);
  }, 60_000);
});
