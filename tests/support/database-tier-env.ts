// Runs before each database-tier file: points the app's one database handle
// (server/db/client.ts) at the tier's migrated database, and closes its pool
// when the file is done.
import { afterAll, inject } from "vitest";
import { pool } from "@/server/db/client";

process.env.DATABASE_URL = inject("serviceDatabaseUrl");
process.env.DATABASE_POOL_MAX = "4";

afterAll(async () => {
  await pool().end();
});
