// The database tier's one database per run (docs/testing.md, "Database
// tier"): a throwaway PostgreSQL database when DATABASE_URL is set, else an
// embedded PGlite served on loopback, with every migration applied. No server
// and no build: the tests call services directly.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { type EmbeddedPostgres, startEmbeddedPostgres } from "@/server/db/embedded";
import { runMigrations } from "@/server/db/migrate";
import { createTestDatabase, type TestDatabase } from "./test-database";

declare module "vitest" {
  export interface ProvidedContext {
    /** The database tier's migrated database (tests/support/database-tier-setup.ts). */
    serviceDatabaseUrl: string;
    /** Whether it is the embedded PGlite, whose one shared session the app must know of (DATABASE_EMBEDDED). */
    serviceDatabaseEmbedded: boolean;
  }
}

let database: TestDatabase | undefined;
let embedded: EmbeddedPostgres | undefined;
let embeddedDir: string | undefined;

export async function setup(project: TestProject) {
  const baseUrl = process.env.DATABASE_URL;
  let url: string;
  if (baseUrl) {
    database = await createTestDatabase(baseUrl, "db");
    url = database.url;
  } else {
    embeddedDir = mkdtempSync(path.join(tmpdir(), "ces-database-tier-"));
    embedded = await startEmbeddedPostgres({ dataDir: embeddedDir, maxConnections: 40 });
    url = embedded.url;
  }
  await runMigrations(url);
  project.provide("serviceDatabaseUrl", url);
  project.provide("serviceDatabaseEmbedded", Boolean(embedded));
}

export async function teardown() {
  await database?.drop();
  await embedded?.stop();
  if (embeddedDir) rmSync(embeddedDir, { recursive: true, force: true });
}
