// Every page of the app, read from app/**/page.tsx, so a page added later is
// checked by the header and accessibility specs without anyone listing it.
import { readdirSync } from "node:fs";
import path from "node:path";

export type PageRoute = {
  /** The URL path to open, e.g. `/settings`. */
  path: string;
  /** The file it comes from, for test names and skip reasons. */
  file: string;
  /** Pages under app/(portal) need a portal session (their layout redirects to sign-in). */
  signedIn: boolean;
  /** Set when the route has a dynamic segment with no sample value. */
  skipReason?: string;
};

/**
 * Sample values for dynamic segments (`[name]`), keyed by segment name. A page
 * whose segment has no sample here is listed with a skip reason instead.
 */
const segmentSamples: Record<string, string> = {};

const appDir = path.resolve("app");

function pageFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith("_") ? [] : pageFiles(full);
    return /^page\.(tsx|ts|jsx|js|mdx)$/.test(entry.name) ? [full] : [];
  });
}

function routeOf(file: string): PageRoute {
  const segments = path.relative(appDir, path.dirname(file)).split(path.sep).filter(Boolean);
  const missing: string[] = [];
  const urlSegments = segments.flatMap((segment) => {
    if (/^\(.*\)$/.test(segment) || segment.startsWith("@")) return []; // route groups and parallel slots
    const dynamic = /^\[{1,2}(?:\.\.\.)?([^\]]+)\]{1,2}$/.exec(segment);
    if (!dynamic) return [segment];
    const sample = segmentSamples[dynamic[1]!];
    if (sample === undefined) missing.push(segment);
    return [sample ?? segment];
  });
  return {
    path: `/${urlSegments.join("/")}`,
    file: path.relative(process.cwd(), file),
    signedIn: segments.includes("(portal)"),
    ...(missing.length > 0
      ? { skipReason: `dynamic segment ${missing.join(", ")} has no sample value in e2e/support/page-routes.ts` }
      : {}),
  };
}

export const pageRoutes: PageRoute[] = pageFiles(appDir)
  .map(routeOf)
  .sort((a, b) => a.path.localeCompare(b.path));
