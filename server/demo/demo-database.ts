// Which database the demo seed writes to: DATABASE_URL when set, else the
// embedded database of a running `npm start`, whose launcher writes its
// address to DATA_DIR/embedded-database.url (PGlite lives inside that
// process; nothing else can open its files while it runs).
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";

export type DemoDatabase = { url: string; embedded: boolean };

export class DemoDatabaseError extends Error {}

const EMBEDDED_URL_FILE = "embedded-database.url";

const notRunning = (dataDir: string, detail: string) =>
  new DemoDatabaseError(
    [
      `No DATABASE_URL, and ${detail}`,
      `The embedded database is served by the app itself: start it with \`npm start\` (DATA_DIR=${dataDir}) in another terminal,`,
      'wait for "ready on …", then run `npm run seed:demo` again. Or set DATABASE_URL to a PostgreSQL database.',
    ].join("\n"),
  );

export function findDemoDatabase(databaseUrl: string | undefined, dataDir: string): DemoDatabase {
  if (databaseUrl) return { url: databaseUrl, embedded: false };
  const file = path.join(dataDir, EMBEDDED_URL_FILE);
  try {
    return { url: readFileSync(file, "utf8").trim(), embedded: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    throw notRunning(dataDir, `no running app has written ${file}.`);
  }
}

/** Connects once to check the database answers; an embedded address left by a stopped app is explained. */
export async function connectOnce<T>(database: DemoDatabase, dataDir: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: database.url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (error) {
    if (database.embedded)
      throw notRunning(
        dataDir,
        `the app that wrote ${path.join(dataDir, EMBEDDED_URL_FILE)} is not running any more (${(error as Error).message}).`,
      );
    throw new DemoDatabaseError(`Could not connect to DATABASE_URL: ${(error as Error).message}`);
  }
  try {
    return await use(client);
  } finally {
    await client.end().catch(() => {});
  }
}
