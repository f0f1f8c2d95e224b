// Each file in server/db/functions/ holds its function's current definition
// with the same text as the latest migration that creates it, and names that
// migration (docs/architecture.md, "SQL functions"). The database tier checks
// the migrated database against the files (sql-functions.database.test.ts).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const functionsFolder = path.join(process.cwd(), "server/db/functions");
const migrationsFolder = path.join(process.cwd(), "server/db/migrations");
const files = readdirSync(functionsFolder).filter((name) => name.endsWith(".sql"));

const normalised = (text: string) => text.replace(/\s+/g, " ").trim();

/** Each CREATE FUNCTION statement (up to the `;` after its `$$` body), with its name. */
function createStatements(sqlText: string): { name: string; text: string }[] {
  return [...sqlText.matchAll(/CREATE (?:OR REPLACE )?FUNCTION (\w+)\(/g)].map((match) => {
    const open = sqlText.indexOf("$$", match.index);
    const close = sqlText.indexOf("$$", open + 2);
    return { name: match[1]!, text: sqlText.slice(match.index, sqlText.indexOf(";", close) + 1) };
  });
}

/** The latest migration creating each function, and its statement there. */
const latest = new Map<string, { migration: string; text: string }>();
for (const file of readdirSync(migrationsFolder)
  .filter((name) => name.endsWith(".sql"))
  .sort()) {
  for (const statement of createStatements(readFileSync(path.join(migrationsFolder, file), "utf8")))
    latest.set(statement.name, { migration: file.slice(0, -".sql".length), text: statement.text });
}

describe("SQL function files", () => {
  it.each(files)("%s has the text of the latest migration that creates it, and names it", (file) => {
    const source = readFileSync(path.join(functionsFolder, file), "utf8");
    const statements = createStatements(source);
    expect(statements.map((statement) => statement.name)).toEqual([file.slice(0, -".sql".length)]);
    const inMigrations = latest.get(statements[0]!.name);
    expect(inMigrations, "no migration creates it").toBeDefined();
    expect(normalised(statements[0]!.text)).toBe(normalised(inMigrations!.text));
    expect(source).toContain(`as migration ${inMigrations!.migration} made it`);
  });
});
