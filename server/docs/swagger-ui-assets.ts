// Swagger UI's browser files, served from our own origin (no CDN): only the
// two files the API reference page loads, read once from swagger-ui-dist.
import { readFile } from "node:fs/promises";
import { readFileSync } from "node:fs";
import path from "node:path";

const contentTypes = {
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "swagger-ui.css": "text/css; charset=utf-8",
} as const;

export type SwaggerUiAsset = keyof typeof contentTypes;

export function isSwaggerUiAsset(name: string): name is SwaggerUiAsset {
  return Object.hasOwn(contentTypes, name);
}

// Resolved from the working directory: the server always runs from the project root.
const distDirectory = () => path.join(process.cwd(), "node_modules", "swagger-ui-dist");

let version: string | undefined;

/** The installed swagger-ui-dist version; asset URLs carry it so they can be cached forever. */
export function swaggerUiVersion(): string {
  version ??= (JSON.parse(readFileSync(path.join(distDirectory(), "package.json"), "utf8")) as { version: string }).version;
  return version;
}

export function swaggerUiAssetUrl(name: SwaggerUiAsset): string {
  return `/docs/api/assets/${name}?v=${encodeURIComponent(swaggerUiVersion())}`;
}

const cache = new Map<SwaggerUiAsset, Promise<Uint8Array<ArrayBuffer>>>();

export async function readSwaggerUiAsset(
  name: SwaggerUiAsset,
): Promise<{ body: Uint8Array<ArrayBuffer>; contentType: string }> {
  let body = cache.get(name);
  if (!body) {
    body = readFile(path.join(distDirectory(), name)).then((bytes) => new Uint8Array(bytes));
    cache.set(name, body);
    body.catch(() => cache.delete(name)); // a failed read is retried next time
  }
  return { body: await body, contentType: contentTypes[name] };
}
