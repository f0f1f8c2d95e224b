// The embedded database served over the wire protocol must behave like a
// server under concurrency: many pooled connections sending parameterised
// queries and transactions at once, without their messages interleaving.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmbeddedPostgres, startEmbeddedPostgres } from "@/server/db/embedded";

let embedded: EmbeddedPostgres;
let pool: pg.Pool;

beforeAll(async () => {
  embedded = await startEmbeddedPostgres({ dataDir: mkdtempSync(path.join(tmpdir(), "ces-embedded-")), maxConnections: 10 });
  pool = new pg.Pool({ connectionString: embedded.url, max: 8 });
  await pool.query("create table counters (id int primary key, value int not null)");
  await pool.query("insert into counters values (1, 0)");
}, 60_000);

afterAll(async () => {
  await pool?.end();
  await embedded?.stop();
});

describe("embedded PostgreSQL over the wire protocol", () => {
  it("keeps concurrent parameterised queries and transactions apart, without lost updates", async () => {
    const queries = Array.from({ length: 1000 }, (_, index) =>
      index % 2 === 0
        ? pool
            .query<{ sum: number }>("select $1::int + $2::int + $3::int as sum", [index, 1, 2])
            .then((result) => result.rows[0]!.sum === index + 3)
        : pool.query<{ value: string }>("select $1::text as value", [`v${index}`]).then((result) => result.rows[0]!.value === `v${index}`),
    );
    const transactions = Array.from({ length: 100 }, async () => {
      const client = await pool.connect();
      try {
        await client.query("begin");
        const { rows } = await client.query<{ value: number }>("select value from counters where id = $1", [1]);
        await client.query("update counters set value = $1 where id = $2", [rows[0]!.value + 1, 1]);
        await client.query("commit");
        return true;
      } finally {
        client.release();
      }
    });
    const results = await Promise.all([...queries, ...transactions]);
    expect(results.every(Boolean)).toBe(true);
    const { rows } = await pool.query<{ value: number }>("select value from counters where id = 1");
    expect(rows[0]!.value).toBe(100);
    // 1,100 statements one at a time through PGlite: about 2 s on a quiet machine, several times that on a busy one.
  }, 30_000);

  it("releases the session when a connection drops in the middle of a transaction", async () => {
    const client = new pg.Client({ connectionString: embedded.url });
    await client.connect();
    await client.query("begin");
    await client.query("update counters set value = -1 where id = 1");
    client.on("error", () => {});
    (client as unknown as { connection: { stream: { destroy: () => void } } }).connection.stream.destroy();
    const { rows } = await pool.query<{ value: number }>("select value from counters where id = $1", [1]);
    expect(rows[0]!.value).toBe(100); // rolled back, and nobody is stuck
  });
});
