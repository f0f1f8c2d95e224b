// Direct access to the test server's database, for tests that must check
// what is stored or move a record's clock (never to fake an answer).
import pg from "pg";
import { afterAll, inject } from "vitest";

let pool: pg.Pool | undefined;

export function testDb(): pg.Pool {
  if (!pool) {
    pool = new pg.Pool({ connectionString: inject("databaseUrl"), max: 2 });
    afterAll(async () => {
      await pool?.end();
      pool = undefined;
    });
  }
  return pool;
}

export async function sql<T extends pg.QueryResultRow = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await testDb().query<T>(text, values)).rows;
}
