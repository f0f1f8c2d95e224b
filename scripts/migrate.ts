// `npm run db:migrate`: applies migrations to DATABASE_URL, or to the embedded database under DATA_DIR.
import { startEmbeddedPostgres } from "@/server/db/embedded";
import { runMigrations } from "@/server/db/migrate";
import { loadDotenv } from "@/server/runtime/load-dotenv";
import { env } from "@/server/config/env";

async function main() {
  loadDotenv();
  const config = env();
  if (config.DATABASE_URL) {
    await runMigrations(config.DATABASE_URL);
  } else {
    const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, maxConnections: 2 });
    try {
      await runMigrations(embedded.url);
    } finally {
      await embedded.stop();
    }
  }
  console.log("migrations applied");
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
