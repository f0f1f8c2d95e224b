// The OpenAPI document is generated from the endpoint declarations; a
// third-party linter (Redocly, "recommended" rules) must find nothing in it,
// and the declarations must match the route files on disk.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { describe, expect, it } from "vitest";
import { endpoints } from "@/shared/api/endpoints";
import { buildOpenApiDocument } from "@/server/openapi/build-document";
import { eventTypes } from "@/shared/schemas/events";

const apiRoot = path.join(process.cwd(), "app/api/v1");

/** Every route.ts under app/api/v1 as [OpenAPI path, declared methods]. */
function routeFiles(directory = apiRoot): [string, string[]][] {
  const found: [string, string[]][] = [];
  for (const entry of readdirSync(directory)) {
    const full = path.join(directory, entry);
    if (statSync(full).isDirectory()) found.push(...routeFiles(full));
    else if (entry === "route.ts") {
      const source = readFileSync(full, "utf8");
      const apiPath = `/${path.relative(apiRoot, directory)}`.replace(/\[([^\].]+)\]/g, "{$1}").replace(/\/$/, "");
      const declared = [...source.matchAll(/\b(?:route|redirectRoute|eventStreamRoute)\((?:api\.)?(\w+)\)/g)].map((match) => match[1]!);
      found.push([apiPath, declared]);
    }
  }
  return found;
}

describe("OpenAPI document", () => {
  it("passes the Redocly linter's recommended rules with no problems", async () => {
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({ source: JSON.stringify(buildOpenApiDocument()), absoluteRef: "openapi.json", config });
    // The OAuth start and callback routes answer 302 by design (docs/api.md): no 2XX is right for them, and only for them.
    const redirectPointers = endpoints
      .filter((endpoint) => endpoint.redirect)
      .map((endpoint) => `#/paths/${endpoint.path.replaceAll("/", "~1")}/${endpoint.method.toLowerCase()}/responses`);
    // `/mailboxes/aliases/…` beside `/mailboxes/{mailbox_id}/…` is the API's design (docs/mailboxes.md): a fixed
    // segment wins over a parameter, and mailbox ids (`mbx_…`) are never "aliases".
    // The server URL is APP_URL, which outside production is the local one (http://localhost:3000).
    const expected = (problem: (typeof problems)[number]) =>
      (problem.ruleId === "no-server-example.com" && new URL(buildOpenApiDocument().servers![0]!.url).hostname === "localhost") ||
      (problem.ruleId === "operation-2xx-response" && redirectPointers.includes(problem.location[0]?.pointer ?? "")) ||
      (problem.ruleId === "no-ambiguous-paths" && /`\/mailboxes\/aliases\/\{alias_id\}`/.test(problem.message));
    expect(
      problems
        .filter((problem) => !expected(problem))
        .map((problem) => `${problem.severity} ${problem.ruleId}: ${problem.message} @ ${problem.location[0]?.pointer}`),
    ).toEqual([]);
    expect(redirectPointers).toHaveLength(4);
  });

  it("has an operation for every declared endpoint, with unique operation ids", () => {
    const document = buildOpenApiDocument() as unknown as { paths: Record<string, Record<string, { operationId: string }>> };
    for (const endpoint of endpoints) {
      expect(document.paths[endpoint.path]?.[endpoint.method.toLowerCase()]?.operationId).toBe(endpoint.operationId);
    }
    const ids = endpoints.map((endpoint) => endpoint.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("declares exactly the endpoints the route files serve", () => {
    const served = routeFiles()
      .filter(([apiPath]) => !apiPath.includes("[[...") && apiPath !== "/openapi.json")
      .flatMap(([apiPath, names]) => names.map((name) => `${apiPath} ${name}`));
    const declared = endpoints.map((endpoint) => `${endpoint.path} ${endpoint.operationId}`);
    expect(served.sort()).toEqual(declared.sort());
  });

  it("leads with sending: its tags come first, and every tag sits in exactly one group of the reference's sidebar", () => {
    const document = buildOpenApiDocument() as unknown as { tags: { name: string }[]; "x-tagGroups": { name: string; tags: string[] }[] };
    const sending = ["Messages", "Templates", "Suppressions", "Topics", "Events", "Sending domains", "API keys", "SMTP access", "Relays"];
    expect(document.tags.slice(0, sending.length).map((tag) => tag.name)).toEqual(sending);
    expect(document["x-tagGroups"][0]).toEqual({ name: "Sending", tags: sending });
    expect(document["x-tagGroups"][1]).toEqual({ name: "Hosting", tags: ["Mailboxes"] });
    // A new tag must join a group in shared/api/endpoints/tags.ts, or the reference would not list it.
    const grouped = document["x-tagGroups"].flatMap((group) => group.tags);
    expect(grouped.sort()).toEqual(document.tags.map((tag) => tag.name).sort());
  });

  it("declares a feed event as a union discriminated by its type: one named variant per type, each with its detail", () => {
    type Schema = { oneOf?: { $ref: string }[]; discriminator?: { propertyName: string; mapping: Record<string, string> } };
    type Variant = { properties: { type: { const: string }; detail: { required?: string[] } } };
    const schemas = (buildOpenApiDocument() as unknown as { components: { schemas: Record<string, Schema & Variant> } }).components.schemas;
    const event = schemas.Event!;
    expect(event.discriminator?.propertyName).toBe("type");
    expect(Object.keys(event.discriminator!.mapping).sort()).toEqual([...eventTypes].sort());
    for (const [type, ref] of Object.entries(event.discriminator!.mapping)) {
      expect(event.oneOf).toContainEqual({ $ref: ref });
      expect(schemas[ref.replace("#/components/schemas/", "")]!.properties.type.const).toBe(type);
    }
    const received = schemas[event.discriminator!.mapping["mailbox.received"]!.replace("#/components/schemas/", "")]!;
    expect(received.properties.detail.required?.sort()).toEqual(["folder", "from", "mailbox", "spamScore", "subject"]);
  });
});
