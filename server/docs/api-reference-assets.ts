// The API reference's browser files (Scalar's standalone ES module build and the
// chunks it imports), served from our own origin: no CDN, so the page works
// offline and under the page CSP. Only .js files of that build directory are
// served; source maps, package.json and anything outside it are not.
import { readdirSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";

// Resolved from the working directory: the server always runs from the project root.
const packageDirectory = () => path.join(process.cwd(), "node_modules", "@scalar", "api-reference");
const buildDirectory = () => path.join(packageDirectory(), "dist", "browser");

export const API_REFERENCE_ENTRY = "standalone.esm.js";

let servable: Set<string> | undefined;

/** The entry and its chunks, as paths relative to the build directory ("chunks/vendor-BHxjhjQc.js"). */
function servableFiles(): Set<string> {
  servable ??= new Set([
    API_REFERENCE_ENTRY,
    ...readdirSync(path.join(buildDirectory(), "chunks"))
      .filter((name) => name.endsWith(".js"))
      .map((name) => `chunks/${name}`),
  ]);
  return servable;
}

export function isApiReferenceAsset(relativePath: string): boolean {
  return servableFiles().has(relativePath);
}

let version: string | undefined;

/** The installed package version: the entry's URL carries it, so every file may be cached for a year (chunk names carry a hash). */
export function apiReferenceVersion(): string {
  version ??= (JSON.parse(readFileSync(path.join(packageDirectory(), "package.json"), "utf8")) as { version: string }).version;
  return version;
}

export function apiReferenceEntryUrl(): string {
  return `/docs/api/assets/${API_REFERENCE_ENTRY}?v=${encodeURIComponent(apiReferenceVersion())}`;
}

const cache = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();

/** The file's bytes, read once; call only with a path isApiReferenceAsset accepted. */
export async function readApiReferenceAsset(relativePath: string): Promise<Uint8Array<ArrayBuffer>> {
  let body = cache.get(relativePath);
  if (!body) {
    body = readFile(path.join(buildDirectory(), relativePath)).then((bytes) => new Uint8Array(bytes));
    cache.set(relativePath, body);
    body.catch(() => cache.delete(relativePath)); // a failed read is retried next time
  }
  return body;
}
