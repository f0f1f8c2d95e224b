// Hostile input for every operation in the served OpenAPI document: wrong
// types, missing and extra fields, huge strings, unicode, nulls, bad ids and
// query values, broken JSON and media types (tests/support/hostile-inputs.ts).
// No answer may be a 5xx, and every answer must be the envelope the document
// promises for that status. The seed is fixed, so a failure reproduces.
// HOSTILE_RUNS (default 40) requests per operation; HOSTILE_SEED overrides the seed;
// HOSTILE_VERBOSE=1 prints each operation's answers by status.
import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { baseUrl, randomIp } from "../support/api-client";
import { createAccount, type TestAccount } from "../support/factories";
import { type HostileRequest, HostileInputs, type JsonSchema, type Operation } from "../support/hostile-inputs";
import { OpenApiChecker } from "../support/openapi-check";

const runs = Number(process.env.HOSTILE_RUNS ?? 40);
const seed = Number(process.env.HOSTILE_SEED ?? 120_2026);

type OpenApiDocument = ConstructorParameters<typeof OpenApiChecker>[0] & {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
};

const document = (await (await fetch(`${baseUrl()}/api/v1/openapi.json`)).json()) as OpenApiDocument;
const checker = new OpenApiChecker(document);
const inputs = new HostileInputs(document.components.schemas);
const operations = Object.entries(document.paths).flatMap(([template, byMethod]) =>
  Object.entries(byMethod).map(([method, operation]) => ({
    name: `${method.toUpperCase()} ${template}`,
    template,
    method: method.toUpperCase(),
    operation,
  })),
);

/** A seed per operation, so adding an operation does not change the others' inputs. */
const seedFor = (operationId: string) => (seed ^ createHash("sha256").update(operationId).digest().readUInt32BE(0)) | 0;

type Answer = { status: number; failure?: string };

async function send(method: string, template: string, input: HostileRequest, token: string | undefined): Promise<Answer> {
  const path = template.replace(/\{([^}]+)\}/g, (_, name: string) =>
    // A lone surrogate cannot be percent-encoded at all; send its replacement character.
    encodeURIComponent((input.pathParams[name] ?? "").toWellFormed()),
  );
  const url = new URL(`${baseUrl()}/api/v1${path}`);
  for (const [name, value] of input.query) url.searchParams.append(name, value);
  const headers: Record<string, string> = { "x-forwarded-for": randomIp() };
  if (input.auth === "valid" && token) headers.authorization = `Bearer ${token}`;
  if (input.auth === "garbage") headers.authorization = "Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJhY2NfMSJ9.";
  if (input.auth === "malformed") headers.authorization = "Basic Og==";
  let body: string | undefined;
  if (input.body) {
    body = "raw" in input.body ? input.body.raw : JSON.stringify(input.body.json);
    if (input.contentType) headers["content-type"] = input.contentType;
  }
  // Redirects are answers too (OAuth start and callback): look at them, do not follow them off to a provider.
  const response = await fetch(url, { method, headers, body, redirect: "manual" });
  const what = `${method} ${url.pathname}${url.search.slice(0, 200)} body=${(body ?? "").slice(0, 200)} auth=${input.auth}`;
  // An event stream that opened never ends by itself: its status and media type are the answer.
  if (response.ok && response.headers.get("content-type")?.startsWith("text/event-stream")) {
    await response.body?.cancel();
    const answers = document.paths[template]?.[method.toLowerCase()]?.responses as
      | Record<string, { content?: Record<string, unknown> }>
      | undefined;
    const documented = Boolean(answers?.[String(response.status)]?.content?.["text/event-stream"]);
    return { status: response.status, failure: documented ? undefined : `${what} → an undocumented event stream` };
  }
  const text = await response.text();
  if (response.status === 302) {
    const documented = Object.keys(document.paths[template]?.[method.toLowerCase()]?.responses ?? {}).includes("302");
    const failure = !documented
      ? `${what} → an undocumented 302`
      : response.headers.get("location")
        ? undefined
        : `${what} → 302 without Location`;
    return { status: 302, failure };
  }
  if (response.status >= 500) return { status: response.status, failure: `${what} → ${response.status} ${text.slice(0, 300)}` };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { status: response.status, failure: `${what} → ${response.status} with a non-JSON body: ${text.slice(0, 200)}` };
  }
  try {
    // The path actually requested (after URL normalisation) decides which operation answered.
    checker.check(method, url.pathname.slice("/api/v1".length), response.status, parsed);
  } catch (error) {
    return { status: response.status, failure: `${what}: ${(error as Error).message.slice(0, 600)}` };
  }
  return { status: response.status };
}

/** Whether the account's token still works (some operations end sessions or schedule deletion). */
async function isSignedIn(account: TestAccount): Promise<boolean> {
  const response = await fetch(`${baseUrl()}/api/v1/auth/me`, {
    headers: { authorization: `Bearer ${account.accessToken}`, "x-forwarded-for": randomIp() },
  });
  await response.arrayBuffer();
  return response.status === 200;
}

describe("hostile input on every documented operation", () => {
  it("covers the document", () => {
    expect(operations.length).toBeGreaterThan(10);
  });

  // Several operations at a time (Vitest's maxConcurrency): each has its own account and its requests their own
  // client addresses, and each waits on the server far more than it computes.
  it.concurrent.each(operations)(
    "$name: no 5xx, every answer as documented",
    { timeout: 120_000 },
    async ({ method, template, operation }) => {
      const needsToken = (operation.security ?? []).length > 0;
      // Each operation gets its own fresh account: deleting it or signing it out harms nobody else.
      let account = needsToken ? await createAccount() : undefined;
      const samples = fc.sample(inputs.requests(operation), { seed: seedFor(operation.operationId), numRuns: runs });
      const failures: string[] = [];
      const statuses = new Map<number, number>();
      for (const input of samples) {
        const answer = await send(method, template, input, account?.accessToken);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (answer.failure) failures.push(answer.failure);
        // A mutation that ended the session: carry on with a new account, so later inputs still get past 401.
        if (account && answer.status < 300 && method !== "GET" && !(await isSignedIn(account))) account = await createAccount();
      }
      if (process.env.HOSTILE_VERBOSE) console.log(operation.operationId, JSON.stringify([...statuses].sort()));
      expect(failures).toEqual([]);
      if (needsToken) {
        // Most inputs carried a valid token, so some answers must come from past the 401 step.
        expect(
          [...statuses.keys()].some((status) => status !== 401),
          `statuses: ${JSON.stringify([...statuses])}`,
        ).toBe(true);
      }
    },
  );

  it("answers text PostgreSQL cannot store (NUL) with a 400, not a 500", async () => {
    const answer = await send(
      "POST",
      "/auth/login",
      {
        pathParams: {},
        query: [],
        body: { json: { email: "a\u0000@example.test", password: "x" } },
        contentType: "application/json",
        auth: "none",
      },
      undefined,
    );
    expect(answer.failure).toBeUndefined();
    expect(answer.status).toBe(400);
  });

  it("answers a request line over the parser's 16 KiB limit with an enveloped 431", async () => {
    const answer = await send("GET", `/health?padding=${"x".repeat(20_000)}`, { pathParams: {}, query: [], auth: "none" }, undefined);
    expect(answer.failure).toBeUndefined();
    expect(answer.status).toBe(431);
  });

  it.each(Object.keys(document.paths))("%s: undeclared methods answer an enveloped 405", async (template) => {
    const declared = Object.keys(document.paths[template]!).map((method) => method.toUpperCase());
    const path = template.replace(/\{[^}]+\}/g, "x");
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"].filter((candidate) => !declared.includes(candidate))) {
      const answer = await send(method, path, { pathParams: {}, query: [], auth: "none" }, undefined);
      expect(answer.failure).toBeUndefined();
      expect(answer.status).toBe(405);
    }
  });
});
