// `next build` warns "Package X can't be external" when server code imports a
// file deep inside an external package without its extension (Node's resolver
// refuses `nodemailer/lib/mail-composer` from ESM). Such packages are bundled.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { expect, it } from "vitest";

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

it("keeps no package external whose deep imports Node could not resolve", async () => {
  const config = (await import(pathToFileURL(path.resolve("next.config.mjs")).href)) as { default: { serverExternalPackages?: string[] } };
  const external = new Set(config.default.serverExternalPackages ?? []);
  const offending = ["app", "server", "shared", "features", "components"].flatMap((root) =>
    sourceFiles(root).flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/from "((?:@[^/"]+\/)?[^/"@][^/"]*)\/([^"]+)"/g)]
        .filter(([, name, rest]) => external.has(name!) && !/\.[cm]?js$/.test(rest!))
        .map(([, name, rest]) => `${file}: ${name}/${rest}`),
    ),
  );
  expect(offending).toEqual([]);
});
