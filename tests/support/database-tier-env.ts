// Runs before each database-tier file: points the app's one database handle
// (server/db/client.ts) at the tier's migrated database, and closes its pool
// when the file is done.
import { afterAll, inject } from "vitest";
import { pool } from "@/server/db/client";

process.env.DATABASE_URL = inject("serviceDatabaseUrl");
// As the launcher tells its workers: on the embedded database every connection shares one session, so hot
// statements stay unnamed there (server/db/prepared.ts).
if (inject("serviceDatabaseEmbedded")) process.env.DATABASE_EMBEDDED = "true";
process.env.DATABASE_POOL_MAX = "4";

afterAll(async () => {
  await pool().end();
});
