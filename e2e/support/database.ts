// The e2e server's own database, for specs that must arrange what a browser
// cannot (a session older than 15 minutes, an empty activity log), as the
// integration tests move a record's clock. Never to fake an answer.
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";

/** The run's DATABASE_URL, else the address the embedded database's launcher wrote into its data directory. */
function e2eDatabaseUrl(): string {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  return readFileSync(path.join(process.env.E2E_DATA_DIR!, "embedded-database.url"), "utf8").trim();
}

/** Runs one statement on a connection of its own; returns how many rows it touched. */
export async function e2eSql(text: string, values: unknown[] = []): Promise<number> {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  try {
    return (await client.query(text, values)).rowCount ?? 0;
  } finally {
    await client.end();
  }
}
