// Hot statements built with `sql` (server/db/prepared.ts, executeHot and hotStatement): on the
// pool each distinct text is prepared once per connection under a name of its
// own; in a transaction it runs unnamed, exactly as `execute` does. Each probe
// asks PostgreSQL which statements its own connection holds. On the embedded
// database every connection shares one session, so there nothing is named.
import { sql } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { db } from "@/server/db/client";
import { executeHot, hotStatement } from "@/server/db/prepared";

type Probe = { names: string[]; at: string; value: number };

// The label is part of the text (a name belongs to a text, whatever label asks for it first).
const probe = (label: string, value: number) => sql`
  select (select coalesce(array_agg(name::text), '{}') from pg_prepared_statements where name like ${sql.raw(`'${label}-%'`)}) as names,
         now() as at, ${value}::int as value`;

const embedded = inject("serviceDatabaseEmbedded");

describe("executeHot", () => {
  it.skipIf(embedded)("prepares a text once under one name on the connection that runs it, with the values of each call", async () => {
    const first = (await executeHot<Probe>(db(), "hot-probe", probe("hot-probe", 1))).rows[0]!;
    expect(first.names).toHaveLength(1);
    expect(first.names[0]).toMatch(/^hot-probe-[0-9a-f]{16}$/);
    expect(first.value).toBe(1);
    // The same text again, from whichever connection of the pool: never a second name, and the new value.
    for (let call = 2; call <= 6; call++) {
      const again = (await executeHot<Probe>(db(), "hot-probe", probe("hot-probe", call))).rows[0]!;
      expect(again.names).toEqual(first.names);
      expect(again.value).toBe(call);
    }
  });

  it.skipIf(embedded)("gives another text of the same label a name of its own", async () => {
    const one = (await executeHot<Probe>(db(), "hot-pair", probe("hot-pair", 1))).rows[0]!;
    const other = (await executeHot<Probe>(db(), "hot-pair", sql`${probe("hot-pair", 2)} where true`)).rows[0]!;
    // Each sees its own name; the other's too only when both ran on one connection.
    expect(one.names).toHaveLength(1);
    expect(other.names.filter((name) => !one.names.includes(name))).toHaveLength(1);
    expect(new Set([...one.names, ...other.names]).size).toBe(2);
  });

  it("parses rows as execute does (a timestamptz stays the database's text)", async () => {
    const hot = (await executeHot<Probe>(db(), "hot-types", probe("hot-types", 7))).rows[0]!;
    const plain = (await db().execute<Probe>(probe("hot-types", 7))).rows[0]!;
    expect(typeof hot.at).toBe("string");
    expect(typeof plain.at).toBe("string");
    expect(hot.value).toBe(plain.value);
  });

  it.runIf(embedded)(
    "runs every text unnamed on the embedded database, where two connections preparing one name would collide",
    async () => {
      for (let call = 1; call <= 3; call++) {
        const row = (await executeHot<Probe>(db(), "hot-embedded", probe("hot-embedded", call))).rows[0]!;
        expect(row.names).toEqual([]);
        expect(row.value).toBe(call);
      }
    },
  );

  it("runs unnamed inside a transaction, and with no label", async () => {
    const inTransaction = await db().transaction(async (tx) => (await executeHot<Probe>(tx, "hot-tx", probe("hot-tx", 1))).rows[0]!);
    expect(inTransaction.names).toEqual([]);
    const unlabelled = (await executeHot<Probe>(db(), null, probe("hot-none", 1))).rows[0]!;
    expect(unlabelled.names).toEqual([]);
  });
});

describe("hotStatement", () => {
  // Built once, its values placeholders: each call fills them, and on PostgreSQL the one text is prepared under its name.
  const placeheld = hotStatement<Probe>(
    "hot_placeheld",
    () => sql`
      select (select coalesce(array_agg(name::text), '{}') from pg_prepared_statements where name = 'hot_placeheld') as names,
             now() as at, ${sql.placeholder("value")}::int + ${sql.placeholder("value")}::int as value`,
  );

  it("runs with the values of each call, prepared under its name on PostgreSQL and unnamed on the embedded database", async () => {
    for (let call = 1; call <= 4; call++) {
      const row = (await placeheld({ value: call })).rows[0]!;
      expect(row.value).toBe(2 * call);
      expect(typeof row.at).toBe("string");
      expect(row.names).toEqual(embedded ? [] : ["hot_placeheld"]);
    }
  });
});
