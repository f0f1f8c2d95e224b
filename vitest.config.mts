import { defineConfig } from "vitest/config";

// Three tiers (docs/testing.md): unit tests run in-process; database tests call
// services directly against a migrated throwaway database (no build, no
// server); integration tests talk HTTP to the real built server started once
// per run by the global setup.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // More files at once than the machine has cores: integration files spend their time waiting on the
    // server, the engines and deliveries (the load average stayed under 1 on two cores with two workers),
    // so four run in about half the time. VITEST_MAX_WORKERS overrides it.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 4),
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.unit.test.ts"],
          env: {
            APP_ENV: "test",
            LOG_LEVEL: "silent",
            AUTH_SECRET: "unit-test-secret-unit-test-secret-0123",
            ENCRYPTION_KEY: "0".repeat(64),
          },
        },
      },
      {
        extends: true,
        test: {
          name: "database",
          include: ["tests/database/**/*.database.test.ts"],
          globalSetup: ["tests/support/database-tier-setup.ts"],
          setupFiles: ["tests/support/database-tier-env.ts"],
          env: {
            APP_ENV: "test",
            LOG_LEVEL: "silent",
            AUTH_SECRET: "database-test-secret-database-test-0123",
            ENCRYPTION_KEY: "0".repeat(64),
          },
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.integration.test.ts"],
          globalSetup: ["tests/support/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
