// The portal's zod-free endpoint refs (shared/api/endpoint-refs.ts) must name
// real operations with the declarations' method and path, and must stay free
// of zod at runtime (that is their whole point: see the module's comment).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as refs from "@/shared/api/endpoint-refs";
import { endpoints } from "@/shared/api/endpoints";

describe("endpoint refs", () => {
  const declarations = new Map(endpoints.map((endpoint) => [endpoint.operationId, endpoint]));

  it.each(Object.entries(refs))("%s matches its declaration", (name, ref) => {
    expect(ref.operationId).toBe(name);
    const declaration = declarations.get(ref.operationId);
    expect(declaration, `no declared operation ${ref.operationId}`).toBeDefined();
    expect({ method: ref.method, path: ref.path }).toEqual({ method: declaration!.method, path: declaration!.path });
  });

  it("imports nothing but types", () => {
    const source = readFileSync("shared/api/endpoint-refs.ts", "utf8");
    const imports = [...source.matchAll(/^import\s+(type\s+)?/gm)];
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.every((match) => match[1])).toBe(true);
  });
});
