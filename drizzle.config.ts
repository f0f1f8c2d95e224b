import { defineConfig } from "drizzle-kit";

// Migrations are generated from the TypeScript schema and committed; never `push`.
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/db/schema/index.ts",
  out: "./server/db/migrations",
});
