import { sql } from "drizzle-orm";
import { db } from "@/server/db/client";

/** Throws (mapped to 503 by the wrapper) when the database cannot answer. */
export async function checkDatabase(): Promise<void> {
  await db().execute(sql`select 1`);
}
