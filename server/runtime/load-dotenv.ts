import { existsSync } from "node:fs";

/** Reads ./.env into process.env (variables already set win), like Next does for its own process. */
export function loadDotenv(): void {
  if (existsSync(".env")) process.loadEnvFile(".env");
}
