// `npm run bench:bundle`: first-load JavaScript per page route, gzip, from the
// production build (.next). A route's first load is Next's shared runtime
// (build-manifest rootMainFiles) plus every chunk its layouts and page need
// (entryJSFiles of the route's client reference manifest; a webpack build,
// `next build --webpack`, has none, and there it is the chunks of the
// manifest's non-async client modules, which webpack fills in only for the
// modules that route uses). The noModule polyfills are left out: modern
// browsers never fetch them.
// Fails (exit 1) when a route is over the budget (FIRST_LOAD_BUDGET_KB, default 150).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { runInNewContext } from "node:vm";
import { gzipSync } from "node:zlib";
import { writeResults } from "./write-results";

const budgetKb = Number(process.env.FIRST_LOAD_BUDGET_KB ?? 150);
const nextDir = path.resolve(".next");

type ClientReferenceManifest = {
  /** Turbopack: the chunks of each layout and page of the route. */
  entryJSFiles?: Record<string, string[]>;
  /** Webpack: `chunks` alternates chunk ids and files. */
  clientModules: Record<string, { chunks: (string | number)[]; async?: boolean }>;
};
export type RouteSize = {
  route: string;
  files: number;
  rawKb: number;
  gzipKb: number;
  /** Of gzipKb: what every route loads (build-manifest rootMainFiles: Next.js, React, instrumentation-client and its imports). */
  sharedGzipKb: number;
  overBudget: boolean;
};

const readJson = <T>(file: string): T => JSON.parse(readFileSync(path.join(nextDir, file), "utf8")) as T;
// kB = 1000 bytes, as Next.js and Lighthouse report sizes.
const kb = (bytes: number) => Math.round(bytes / 100) / 10;

const gzipCache = new Map<string, { raw: number; gzip: number }>();
function sizeOf(file: string) {
  let size = gzipCache.get(file);
  if (!size) {
    const bytes = readFileSync(path.join(nextDir, file.replace(/^\/_next\//, "")));
    size = { raw: bytes.byteLength, gzip: gzipSync(bytes, { level: 9 }).byteLength };
    gzipCache.set(file, size);
  }
  return size;
}

/** The manifest is a script assigning globalThis.__RSC_MANIFEST[entry]; run it in a sandbox. */
function clientManifestOf(entry: string): ClientReferenceManifest {
  const file = path.join(nextDir, "server", "app", `${entry}_client-reference-manifest.js`);
  // Missing would silently count the route as Next.js alone.
  if (!existsSync(file)) throw new Error(`No client reference manifest for ${entry} (${file}).`);
  const sandbox = { globalThis: {} as Record<string, unknown> };
  sandbox.globalThis = sandbox;
  runInNewContext(readFileSync(file, "utf8"), sandbox);
  const manifest = (sandbox as unknown as { __RSC_MANIFEST: Record<string, ClientReferenceManifest> }).__RSC_MANIFEST[entry];
  if (!manifest) throw new Error(`${file} has no entry for ${entry}.`);
  return manifest;
}

function routeChunks(manifest: ClientReferenceManifest): string[] {
  if (manifest.entryJSFiles) return Object.values(manifest.entryJSFiles).flat();
  return Object.values(manifest.clientModules)
    .filter((module) => !module.async)
    .flatMap((module) => module.chunks.filter((chunk): chunk is string => typeof chunk === "string"))
    .map(decodeURI);
}

export function measureFirstLoad(): RouteSize[] {
  if (!existsSync(path.join(nextDir, "BUILD_ID"))) throw new Error("No production build: run `npm run build` first.");
  const shared = readJson<{ rootMainFiles: string[] }>("build-manifest.json").rootMainFiles;
  const routes = readJson<Record<string, string>>("app-path-routes-manifest.json");
  return Object.entries(routes)
    .filter(([entry]) => entry.endsWith("/page") && entry !== "/_global-error/page")
    .map(([entry, route]) => {
      const manifest = clientManifestOf(entry);
      const files = new Set(shared);
      for (const chunk of routeChunks(manifest)) files.add(chunk);
      const javascript = [...files].filter((file) => file.endsWith(".js"));
      const raw = javascript.reduce((sum, file) => sum + sizeOf(file).raw, 0);
      const gzip = javascript.reduce((sum, file) => sum + sizeOf(file).gzip, 0);
      const sharedBytes = shared.filter((file) => file.endsWith(".js")).reduce((sum, file) => sum + sizeOf(file).gzip, 0);
      return {
        route,
        files: javascript.length,
        rawKb: kb(raw),
        gzipKb: kb(gzip),
        sharedGzipKb: kb(sharedBytes),
        overBudget: kb(gzip) > budgetKb,
      };
    })
    .sort((a, b) => a.route.localeCompare(b.route));
}

export function firstLoadTable(rows: RouteSize[]): string {
  return [
    `First-load JS per route (gzip level 9; budget ${budgetKb} kB)`,
    "",
    "| route | files | raw kB | gzip kB | shared by all routes | route-specific | within budget |",
    "|---|---:|---:|---:|---:|---:|---|",
    ...rows.map(
      (row) =>
        `| ${row.route} | ${row.files} | ${row.rawKb} | ${row.gzipKb} | ${row.sharedGzipKb} | ${kb((row.gzipKb - row.sharedGzipKb) * 1000)} | ${row.overBudget ? "**no**" : "yes"} |`,
    ),
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = measureFirstLoad();
  const table = firstLoadTable(rows);
  writeResults("first-load-js", { date: new Date().toISOString(), budgetKb, rows }, table);
  if (rows.some((row) => row.overBudget)) process.exitCode = 1;
}
