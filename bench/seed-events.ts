// A feed with events to read, for bench:events and bench:profile: suppressions
// of the newest account written in one statement, each one event by the
// feed's trigger.
import type pg from "pg";

export async function seedFeedEvents(client: pg.ClientBase, count: number): Promise<void> {
  await client.query(
    `insert into suppressions (account_id, email, reason)
     select (select id from accounts order by created_at desc limit 1), 'seeded-' || g || '@example.test', 'manual'
       from generate_series(1, $1::int) g`,
    [count],
  );
}
