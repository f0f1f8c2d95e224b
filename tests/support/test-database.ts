// A fresh PostgreSQL database per test run, created next to the one named by
// DATABASE_URL (CI points it at the machine's server) and dropped afterwards.
import { randomBytes } from "node:crypto";
import pg from "pg";

export type TestDatabase = { url: string; drop: () => Promise<void> };

export async function createTestDatabase(baseUrl: string, label: string): Promise<TestDatabase> {
  const name = `ces_${label}_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
