// Clients generated from the running server's /api/v1/openapi.json by two
// generators nobody here wrote, each with its defaults: openapi-typescript
// (types) and @hey-api/openapi-ts (types and an SDK). A minimal send (with an
// Idempotency-Key header) and an event-feed read must type-check under
// `strict`, and the hey-api SDK, run as generated, must send through the
// server the document names and read the feed.
import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { baseUrl } from "../support/api-client";
import { waitForEmail } from "../support/captured-email";
import { verifiedDomain } from "../support/domains";
import { createAccount, uniqueEmail } from "../support/factories";
import { newApiKey } from "../support/sending";

const run = promisify(execFile);
const bin = (name: string) => path.resolve("node_modules/.bin", name);

const openapiTypescriptUsage = `import type { paths } from "./openapi-typescript";
type Send = paths["/sending/messages"]["post"];
const body: Send["requestBody"]["content"]["application/json"] = { from: "Acme <hello@acme.example>", to: "ada@example.com", subject: "Hi", text: "Hello" };
const headers: NonNullable<Send["parameters"]["header"]> = { "Idempotency-Key": "order-1" };
type Feed = paths["/events"]["get"]["responses"][200]["content"]["application/json"];
export const firstEventType = (feed: Feed): string | undefined => feed.data.items[0]?.type;
export const minimalSend = { body, headers };
`;

const heyApiUsage = `import { listEvents, sendMessage } from "./hey-api/sdk.gen";
export async function minimalSend(key: string, from: string, to: string) {
  const sent = await sendMessage({
    headers: { Authorization: \`Bearer \${key}\`, "Idempotency-Key": "order-1" },
    body: { from, to, subject: "From a generated client", text: "Hello" },
  });
  const feed = await listEvents({ headers: { Authorization: \`Bearer \${key}\` } });
  return { status: sent.response?.status, id: sent.data?.data.id, firstType: feed.data?.data.items[0]?.type };
}
`;

const tsconfig = {
  compilerOptions: {
    strict: true,
    target: "ES2022",
    module: "ESNext",
    moduleResolution: "Bundler",
    lib: ["ES2022", "DOM", "DOM.Iterable"],
    skipLibCheck: true,
    noEmit: true,
    types: [],
  },
  files: ["openapi-typescript-usage.ts", "hey-api-usage.ts"],
};

describe("clients generated from the OpenAPI document", () => {
  it("type-check a minimal send and a feed read with both generators, and the generated SDK sends", async () => {
    const document = await (await fetch(`${baseUrl()}/api/v1/openapi.json`)).json();
    expect(document.servers[0].url).toMatch(/^https?:\/\/[^/]+\/api\/v1$/);
    const directory = mkdtempSync(path.join(tmpdir(), "ces-generated-"));
    const spec = path.join(directory, "openapi.json");
    writeFileSync(spec, JSON.stringify(document));
    await run(bin("openapi-typescript"), [spec, "-o", path.join(directory, "openapi-typescript.ts")]);
    await run(bin("openapi-ts"), ["-i", spec, "-o", path.join(directory, "hey-api")]);
    writeFileSync(path.join(directory, "openapi-typescript-usage.ts"), openapiTypescriptUsage);
    writeFileSync(path.join(directory, "hey-api-usage.ts"), heyApiUsage);
    writeFileSync(path.join(directory, "tsconfig.json"), JSON.stringify(tsconfig));
    const checked = await run(bin("tsc"), ["-p", path.join(directory, "tsconfig.json")]).then(
      () => "",
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    expect(checked).toBe("");

    // The generated SDK calls the server the document names (APP_URL, here the test server).
    const account = await createAccount();
    const domain = await verifiedDomain(account);
    const key = await newApiKey(account, { scope: "full" });
    const to = uniqueEmail("generated");
    const script = `import { minimalSend } from ${JSON.stringify(path.join(directory, "hey-api-usage.ts"))};
console.log(JSON.stringify(await minimalSend(${JSON.stringify(key.secret)}, ${JSON.stringify(`hello@${domain.name}`)}, ${JSON.stringify(to)})));`;
    writeFileSync(path.join(directory, "run.mts"), script);
    const { stdout } = await run(bin("tsx"), [path.join(directory, "run.mts")]);
    const outcome = JSON.parse(stdout.trim().split("\n").at(-1)!);
    expect(outcome).toMatchObject({ status: 201, id: expect.stringMatching(/^msg_/) });
    expect((await waitForEmail(to)).subject).toBe("From a generated client");
  }, 90_000);
});
