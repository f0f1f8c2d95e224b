// A month of sending for `npm run bench`'s GET /sending/stats: 250,000
// messages of the newest account (one of its own, so the other routes keep
// measuring an empty one) spread over the last 30 days, each queued,
// sent to one recipient, delivered and opened (1,000,000 message events),
// written in a few large statements so the stats trigger counts them as a
// delivery would. Recipients are at providers the seed records as looked up.
import pg from "pg";

const MESSAGES = 250_000;
const PER_STATEMENT = 50_000;

export const SEEDED_STATS_EVENTS = MESSAGES * 4;

/**
 * Seeds, then waits for the server's minute job to fold the pending counts and vacuums what the seed wrote, so the
 * measurements after it run on a quiet, steady database (autovacuum of a million fresh rows would otherwise run
 * beside them).
 */
export async function seedMessageStats(databaseUrl: string): Promise<void> {
  await insertSeed(databaseUrl);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const deadline = Date.now() + 150_000;
    while (Number((await client.query("select count(*) as n from message_stats_pending")).rows[0].n) > 0) {
      if (Date.now() > deadline) throw new Error("the stats fold job did not fold the seeded counts within 150 s");
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    await client.query("vacuum analyze messages, message_events, message_stats_pending, message_stats, message_stats_daily");
  } finally {
    await client.end();
  }
}

async function insertSeed(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`
      insert into recipient_providers (domain, provider) values ('gmail.com', 'gmail'), ('outlook.com', 'microsoft'), ('yahoo.com', 'yahoo')
      on conflict (domain) do nothing`);
    for (let offset = 0; offset < MESSAGES; offset += PER_STATEMENT) {
      await client.query(
        `with account as (select id from accounts order by created_at desc limit 1),
         made as (
           insert into messages (id, account_id, from_domain, from_header, to_addresses, subject, message_id_header, status, created_at)
           select 'msg_seed' || lpad(g::text, 20, '0'), account.id, 'bench.example', 'bench@bench.example',
                  jsonb_build_array('reader' || g || '@' || (array['gmail.com', 'outlook.com', 'yahoo.com', 'example.org'])[1 + g % 4]),
                  'Seeded', '<seed' || g || '@bench.example>', 'delivered',
                  now() - (g % 43200) * interval '1 minute'
             from account, generate_series($1::int, $2::int) g
           returning id, to_addresses->>0 as recipient, created_at
         )
         insert into message_events (id, message_id, type, detail, created_at)
         select 'mev_' || md5(made.id || kind.type), made.id, kind.type,
                case kind.type when 'sent' then jsonb_build_object('recipients', jsonb_build_array(made.recipient))
                               when 'delivered' then jsonb_build_object('recipient', made.recipient, 'remoteMta', 'mx.example[192.0.2.1]:25',
                                                                        'tls', null, 'diagnostic', '250 2.0.0 Ok', 'source', 'mta-log')
                               when 'opened' then jsonb_build_object('userAgent', 'Mozilla/5.0') else '{}'::jsonb end,
                made.created_at + kind.after
           from made, (values ('queued', interval '0'), ('sent', interval '1 second'), ('delivered', interval '2 seconds'),
                              ('opened', interval '5 minutes')) as kind(type, after)`,
        [offset + 1, offset + PER_STATEMENT],
      );
    }
  } finally {
    await client.end();
  }
}
