// Import boundaries between the layers (docs/architecture.md, "Layers").
// Run by `npm run lint`; exits 1 and lists each import that runs the wrong way.
// Imports are read with TypeScript's own pre-processor, so `import`, `export …
// from`, `import()` and type-only imports all count, through `@/` or relative paths.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import ts from "typescript";

const root = resolve(import.meta.dirname, "..");

/** The adapters: what services call to reach the world (mail storage, outbound mail, the spam filter, payments, the database, child engines). */
const adapters = ["server/outbound", "server/mail-store", "server/spam-filter", "server/payments", "server/db", "server/engines"];

/**
 * Files under `from` must not import anything under one of `not` (project paths, folder or module),
 * except what is under one of `allow`; files under one of `exempt` are not held to the rule.
 */
const rules: { from: string; not: string[]; allow?: string[]; exempt?: string[]; why: string }[] = [
  {
    from: "shared",
    not: ["app", "components", "features", "server", "scripts", "bench", "tests", "e2e"],
    why: "shared/ is the contract both sides build on",
  },
  { from: "features", not: ["server", "app"], why: "portal code reaches the server only through the API" },
  { from: "components", not: ["server", "app"], why: "UI building blocks get server data as props" },
  { from: "server", not: ["features", "components", "app"], why: "the server never depends on the portal" },
  { from: "server/services", not: ["server/http"], why: "services know nothing of HTTP: they take plain values and throw AppError" },
  {
    from: "server/services",
    not: ["server/mail"],
    why: 'the SMTP front doors call services, never the other way (docs/architecture.md, "Mail plane")',
  },
  {
    from: "server/mail-store",
    not: ["server/mail"],
    why: "the mail-store adapter is called by services and front doors and calls neither",
  },
  { from: "server/outbound", not: ["server/mail"], why: "customer mail leaves without the front doors it came in by" },
  { from: "server/spam-filter", not: ["server/mail"], why: "services ask the spam filter for the front doors; it calls no door" },
  ...adapters.map((adapter) => ({
    from: adapter,
    not: ["server/services", "server/launcher"],
    why: 'adapters are called by services and started by the launcher, and call neither (docs/architecture.md, "Layers")',
  })),
  {
    from: "server/engines",
    not: adapters.filter((adapter) => adapter !== "server/engines"),
    why: "the engines' toolkit sits below the adapters that run child engines",
  },
  {
    from: "server/jobs",
    not: ["server/services"],
    why: "the job worker knows the queues; which service works which one is the launcher's (server/launcher/start-jobs.ts)",
  },
  ...["server", "app", "bench", "e2e"].map((from) => ({
    from,
    not: ["server/launcher"],
    exempt: ["server/launcher"],
    why: "only npm start's entry (scripts/) and the tests start what the launcher starts",
  })),
  {
    from: "server/message-format",
    not: ["server/services", "server/mail", "server/mail-store", "server/outbound", "server/http", "server/db"],
    why: "the message-format helpers read and write a message's text for every door and service, and call none of them",
  },
  {
    from: "server/mail",
    not: ["server/db"],
    why: "the front doors speak protocols and call services; tables are the services' business",
  },
  {
    from: "server/http",
    not: ["server/db"],
    // Recognising a database error by its SQLSTATE reads no table; the one error mapper answers it.
    allow: ["server/db/database-errors"],
    why: "the HTTP plumbing and the autoconfig answer call services; tables are the services' business",
  },
  { from: "components", not: ["features"], why: "shared building blocks get account state and actions from the features that use them" },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mts)$/.test(name) ? [path] : [];
  });
}

/** The project path (no extension) an import specifier points at, or undefined for a package. */
function target(file: string, specifier: string): string | undefined {
  if (specifier.startsWith("@/")) return specifier.slice(2);
  if (specifier.startsWith("."))
    return relative(root, resolve(dirname(file), specifier))
      .split(sep)
      .join("/");
  return undefined;
}

const within = (path: string, area: string) => path === area || path.startsWith(`${area}/`);

const found: string[] = [];
for (const rule of rules) {
  for (const file of sourceFiles(join(root, rule.from))) {
    if (rule.exempt?.some((area) => within(relative(root, file).split(sep).join("/"), area))) continue;
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    for (const { fileName } of importedFiles) {
      const path = target(file, fileName);
      const allowed = path !== undefined && rule.allow?.some((area) => within(path, area));
      const banned = path === undefined || allowed ? undefined : rule.not.find((area) => within(path, area));
      if (banned) found.push(`${relative(root, file)}: imports "${fileName}" (${rule.from}/ must not import ${banned}: ${rule.why})`);
    }
  }
}
// Route files import the declarations as `api` and the services by their own
// names, so a route file never needs to rename an import (docs/architecture.md).
for (const file of sourceFiles(join(root, "app/api")).filter((path) => path.endsWith("route.ts"))) {
  const source = readFileSync(file, "utf8");
  for (const [statement] of source.matchAll(/^import\s+(?:type\s+)?\{[^}]*\}\s+from\s+"[^"]+";/gm)) {
    if (/\b\w+\s+as\s+\w+/.test(statement)) found.push(`${relative(root, file)}: renames an import (${statement.replace(/\s+/g, " ")})`);
  }
}

for (const line of found) console.error(line);
console.log(found.length === 0 ? "import boundaries: ok" : `import boundaries: ${found.length} problems`);
process.exit(found.length === 0 ? 0 : 1);
