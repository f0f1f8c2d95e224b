// The route wrapper, driven with real Request objects: the steps and their
// order (docs/api.md), the envelope, and error mapping.
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineEndpoint } from "@/shared/api/endpoint";
import { AppError } from "@/server/errors";
import { methods, route } from "@/server/http/route";
import { freeLoopbackPort } from "@/server/engines/free-port";

const createThing = defineEndpoint({
  method: "POST",
  path: "/things/{thing_id}",
  operationId: "createThing",
  summary: "test endpoint",
  tag: "Health",
  access: "public",
  auth: "none",
  rateLimit: false, // the limiter needs the database; integration tests cover it
  params: z.object({ thing_id: z.string().regex(/^t_\w+$/) }),
  query: z.object({ dryRun: z.enum(["true", "false"]).optional() }),
  body: z.strictObject({ name: z.string().min(1), size: z.number().int().optional() }),
  response: z.object({ id: z.string(), name: z.string() }),
  status: 201,
  message: "Thing created",
});

const emptyBodyAction = defineEndpoint({
  method: "POST",
  path: "/things/{thing_id}/poke",
  operationId: "pokeThing",
  summary: "test endpoint with an empty-object body",
  tag: "Health",
  access: "public",
  auth: "none",
  rateLimit: false,
  body: z.strictObject({}),
  emptyBodyAllowed: true,
  response: z.null(),
  message: "Poked",
});

const context = (params: Record<string, string> = { thing_id: "t_1" }) => ({ params: Promise.resolve(params) });

function post(
  body: BodyInit | undefined,
  headers: Record<string, string> = { "content-type": "application/json" },
  url = "http://test/api/v1/things/t_1",
) {
  return new Request(url, { method: "POST", body, headers, ...(body instanceof ReadableStream ? { duplex: "half" } : {}) } as RequestInit);
}

async function run(handler: (ctx: never) => Promise<unknown>, request: Request, params?: Record<string, string>) {
  const wrapped = route(createThing).handle(handler as never);
  const response = await wrapped.handler(request, context(params));
  return { response, body: (await response.json()) as { success: boolean; message: string; data: Record<string, unknown> } };
}

const echo = async ({ params, body }: { params: { thing_id: string }; body: { name: string } }) => ({
  id: params.thing_id,
  name: body.name,
  secretColumn: "must not leak",
});

describe("route wrapper", () => {
  it("validates, calls the handler and envelopes the shaped output", async () => {
    const { response, body } = await run(echo as never, post(JSON.stringify({ name: "box" })));
    expect(response.status).toBe(201);
    expect(body).toEqual({ success: true, message: "Thing created", data: { id: "t_1", name: "box" } });
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-request-id")).toBeTruthy();
  });

  it.each([
    { name: "malformed JSON", request: () => post("{nope"), status: 400, code: "validation_error" },
    { name: "JSON that is not an object", request: () => post("[1,2]"), status: 400, code: "validation_error" },
    { name: "missing body", request: () => post(undefined), status: 400, code: "validation_error" },
    { name: "unknown field", request: () => post(JSON.stringify({ name: "a", extra: 1 })), status: 400, code: "validation_error" },
    { name: "wrong field type", request: () => post(JSON.stringify({ name: 5 })), status: 400, code: "validation_error" },
    { name: "null for a field", request: () => post(JSON.stringify({ name: null })), status: 400, code: "validation_error" },
    {
      name: "text/plain body",
      request: () => post("name=box", { "content-type": "text/plain" }),
      status: 415,
      code: "unsupported_media_type",
    },
    { name: "no content type", request: () => post(JSON.stringify({ name: "a" }), {}), status: 415, code: "unsupported_media_type" },
    {
      name: "declared length over 64 KiB",
      request: () => post(JSON.stringify({ name: "x".repeat(70_000) })),
      status: 413,
      code: "payload_too_large",
    },
    {
      name: "streamed body over 64 KiB without a length",
      request: () =>
        post(
          new ReadableStream({
            start(controller) {
              for (let i = 0; i < 80; i += 1) controller.enqueue(new TextEncoder().encode("x".repeat(1024)));
              controller.close();
            },
          }),
        ),
      status: 413,
      code: "payload_too_large",
    },
    {
      name: "bad query value",
      request: () => post(JSON.stringify({ name: "a" }), undefined, "http://test/api/v1/things/t_1?dryRun=maybe"),
      status: 400,
      code: "validation_error",
    },
  ])("answers $name with $status $code and never calls the handler", async ({ request, status, code }) => {
    let called = false;
    const { response, body } = await run(async () => {
      called = true;
      return { id: "x", name: "x" };
    }, request());
    expect(response.status).toBe(status);
    expect(body.success).toBe(false);
    expect(body.data.code).toBe(code);
    expect(called).toBe(false);
  });

  it("checks size and media type before JSON syntax (413 → 415 → 400)", async () => {
    const oversizeText = post("x".repeat(70_000), { "content-type": "text/plain" });
    expect((await run(echo as never, oversizeText)).response.status).toBe(413);
    expect((await run(echo as never, post("{bad", { "content-type": "text/plain" }))).response.status).toBe(415);
  });

  it("lists every validation problem with dot-joined paths", async () => {
    const { body } = await run(echo as never, post(JSON.stringify({ size: 1.5, extra: true })));
    const errors = body.data.errors as { path: string; message: string }[];
    expect(errors.map((error) => error.path).sort()).toEqual(["", "name", "size"]);
  });

  it("validates path parameters", async () => {
    const { response, body } = await run(echo as never, post(JSON.stringify({ name: "a" })), { thing_id: "../etc" });
    expect(response.status).toBe(400);
    expect((body.data.errors as { path: string }[])[0]!.path).toBe("thing_id");
  });

  it("maps an AppError to its status, code and headers", async () => {
    const { response, body } = await run(
      async () => {
        throw new AppError("rate_limited", "Slow down.", { headers: { "retry-after": "30" } });
      },
      post(JSON.stringify({ name: "a" })),
    );
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("30");
    expect(body).toEqual({ success: false, message: "Slow down.", data: { code: "rate_limited" } });
  });

  it("answers an unexpected exception with a generic 500 that leaks nothing", async () => {
    const { response, body } = await run(
      async () => {
        throw new Error('relation "secret_table" does not exist: SELECT password_hash FROM accounts');
      },
      post(JSON.stringify({ name: "a" })),
    );
    expect(response.status).toBe(500);
    expect(body.data).toEqual({ code: "internal_error" });
    expect(JSON.stringify(body)).not.toMatch(/secret_table|SELECT|password_hash|at .*\.ts/);
  });

  it("answers a lost database connection with 503 and Retry-After", async () => {
    const closedPort = await freeLoopbackPort();
    const connectionError = await new pg.Client({ host: "127.0.0.1", port: closedPort }).connect().catch((error: unknown) => error);
    const { response, body } = await run(
      async () => {
        throw new Error("Failed query: select 1", { cause: connectionError });
      },
      post(JSON.stringify({ name: "a" })),
    );
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(body.data).toEqual({ code: "service_unavailable" });
  });

  it("answers a unique-constraint violation with 409 conflict", async () => {
    const database = await PGlite.create();
    await database.exec("create table t (id int primary key); insert into t values (1);");
    const violation = await database.query("insert into t values (1)").catch((error: unknown) => error);
    await database.close();
    const { response, body } = await run(
      async () => {
        throw violation;
      },
      post(JSON.stringify({ name: "a" })),
    );
    expect(response.status).toBe(409);
    expect(body.data.code).toBe("conflict");
  }, 30_000); // PGlite takes seconds to start on a busy machine

  it("reads a missing body as {} where the endpoint allows it, but still refuses unknown fields", async () => {
    const poke = route(emptyBodyAction).handle(async () => null);
    const empty = await poke.handler(post(undefined), context());
    expect(empty.status).toBe(200);
    expect(await empty.json()).toEqual({ success: true, message: "Poked", data: null });
    const extra = await poke.handler(post(JSON.stringify({ force: true })), context());
    expect(extra.status).toBe(400);
  });

  it("answers undeclared methods with an enveloped 405 and Allow", async () => {
    const handlers = methods(route(createThing).handle(echo as never));
    const response = await handlers.GET(new Request("http://test/api/v1/things/t_1"), context());
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
    expect(await response.json()).toMatchObject({ success: false, data: { code: "method_not_allowed" } });
  });
});
