// A database-level setting that says which environment owns the database
// (`ces.environment`), so tools can tell a production database apart even
// when they are run with the wrong configuration. A production launcher sets
// it at start; `npm run seed:demo` refuses a database that carries it.
// Operators can set it by hand too:
//   ALTER DATABASE <name> SET ces.environment = 'production';
import pg from "pg";

type Queryable = Pick<pg.Client, "query">;

/** The marker of the connected database, or null. Read from the catalog, so a marker set after this session began counts too. */
export async function databaseEnvironment(client: Queryable): Promise<string | null> {
  const { rows } = await client.query<{ environment: string | null }>(`
    select coalesce(
      nullif(current_setting('ces.environment', true), ''),
      (select substring(setting from '^ces\\.environment=(.*)$')
         from pg_db_role_setting s
         join pg_database d on d.oid = s.setdatabase
         cross join lateral unnest(s.setconfig) as setting
        where d.datname = current_database() and s.setrole = 0 and setting like 'ces.environment=%'
        limit 1)
    ) as environment`);
  return rows[0]?.environment ?? null;
}

/** Marks the database as `environment`'s. Needs the database's owner (or a superuser); callers decide what a refusal means. */
export async function markDatabaseEnvironment(databaseUrl: string, environment: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    if ((await databaseEnvironment(client)) === environment) return;
    await client
      .query(`select format('alter database %I set ces.environment = %L', current_database(), $1::text) as statement`, [environment])
      .then(({ rows }) => client.query(rows[0]!.statement as string));
  } finally {
    await client.end();
  }
}
