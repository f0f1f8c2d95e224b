// Each SQL function's current definition lives in server/db/functions/<name>.sql
// (docs/architecture.md, "SQL functions"). The migrated database must hold
// exactly what those files say: a migration that changes a function without
// its file fails here, and so does a file changed without a migration. Each
// file is run in a scratch schema inside a transaction that is rolled back,
// and PostgreSQL's own rendering of it (pg_get_functiondef) is compared with
// the live function's, whitespace aside.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pool } from "@/server/db/client";

const folder = path.join(process.cwd(), "server/db/functions");
const files = readdirSync(folder).filter((name) => name.endsWith(".sql"));
const SCRATCH = "function_file_check";

const normalised = (text: string) => text.replace(/\s+/g, " ").trim();

/** pg_get_functiondef of the one function of that name in the schema. */
async function definitionIn(
  client: { query: (text: string, values: unknown[]) => Promise<{ rows: { definition: string }[] }> },
  schema: string,
  name: string,
) {
  const { rows } = await client.query(
    `select pg_get_functiondef(p.oid) as definition from pg_proc p where p.pronamespace = $1::regnamespace and p.proname = $2`,
    [schema, name],
  );
  return rows.map((row) => row.definition);
}

describe("SQL function files", () => {
  it("name every function the migrations leave in the database, and nothing else", async () => {
    const { rows } = await pool().query<{ name: string }>(`
      select p.proname as name from pg_proc p
       where p.pronamespace = 'public'::regnamespace
         and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
       order by 1`);
    expect(rows.map((row) => `${row.name}.sql`)).toEqual([...files].sort());
  });

  it.each(files)("%s is the live definition", async (file) => {
    const name = file.slice(0, -".sql".length);
    const client = await pool().connect();
    try {
      await client.query("begin");
      await client.query(`create schema ${SCRATCH}`);
      await client.query(`set local search_path = ${SCRATCH}, public`);
      await client.query(readFileSync(path.join(folder, file), "utf8"));
      const fromFile = await definitionIn(client, SCRATCH, name);
      const live = await definitionIn(client, "public", name);
      expect(fromFile).toHaveLength(1);
      expect(live).toHaveLength(1);
      expect(normalised(fromFile[0]!.replace(`FUNCTION ${SCRATCH}.${name}(`, `FUNCTION public.${name}(`))).toBe(normalised(live[0]!));
    } finally {
      await client.query("rollback");
      client.release();
    }
  });
});
