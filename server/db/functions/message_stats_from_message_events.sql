-- Trigger on message_events (AFTER INSERT, once per statement): the statement's events counted into
-- message_stats_pending, one row per (account, UTC hour, domain, recipient provider, tag), docs/deliverability.md.
-- A statement with nothing to count (a message queued) returns before the counting query, so acceptance pays
-- almost nothing for it.
-- Current definition, as migration 0040_leaner_stats_trigger made it; to change it, see docs/architecture.md ("SQL functions").
CREATE OR REPLACE FUNCTION message_stats_from_message_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM inserted
                  WHERE type IN ('sent', 'delivered', 'deferred', 'delivery_delayed', 'bounced', 'failed', 'expired',
                                 'complained', 'opened', 'clicked', 'unsubscribed', 'suppressed')) THEN
    RETURN NULL;
  END IF;
  INSERT INTO message_stats_pending (account_id, hour, domain_id, provider, tag, sent, delivered, deferred, bounced, failed,
                                     complained, opened, clicked, unsubscribed, suppressed)
  SELECT m.account_id, date_trunc('hour', e.created_at, 'UTC'), coalesce(m.domain_id, ''), coalesce(p.provider, 'other'), t.tag,
         count(*) FILTER (WHERE e.type = 'sent'),
         count(*) FILTER (WHERE e.type = 'delivered'),
         count(*) FILTER (WHERE e.type IN ('deferred', 'delivery_delayed')),
         count(*) FILTER (WHERE e.type = 'bounced'),
         count(*) FILTER (WHERE e.type IN ('failed', 'expired')),
         count(*) FILTER (WHERE e.type = 'complained'),
         count(*) FILTER (WHERE e.type = 'opened'),
         count(*) FILTER (WHERE e.type = 'clicked'),
         count(*) FILTER (WHERE e.type = 'unsubscribed'),
         count(*) FILTER (WHERE e.type = 'suppressed')
    FROM inserted e
    JOIN messages m ON m.id = e.message_id
    -- Each recipient an event names: a list (sent, failed, delivery_delayed at hand-off), one, or for opens and
    -- clicks (which name none) the message's first.
    CROSS JOIN LATERAL jsonb_array_elements_text(
      CASE WHEN jsonb_typeof(e.detail->'recipients') = 'array' THEN e.detail->'recipients'
           ELSE jsonb_build_array(coalesce(e.detail->>'recipient', m.to_addresses->>0)) END) AS r(address)
    LEFT JOIN recipient_providers p ON p.domain = lower(substring(r.address FROM '@([^@<>[:space:]]+)>?[[:space:]]*$'))
    -- '' for every message, and `name` and `name:value` of each of its tags.
    CROSS JOIN LATERAL unnest(CASE WHEN m.tags = '[]'::jsonb THEN ARRAY['']
                                   ELSE ARRAY(SELECT DISTINCT key FROM jsonb_array_elements(m.tags) tag,
                                                   unnest(ARRAY['', tag->>'name', (tag->>'name') || ':' || (tag->>'value')]) key)
                              END) AS t(tag)
   WHERE e.type IN ('sent', 'delivered', 'deferred', 'delivery_delayed', 'bounced', 'failed', 'expired', 'complained',
                    'opened', 'clicked', 'unsubscribed', 'suppressed')
   GROUP BY 1, 2, 3, 4, 5;
  RETURN NULL;
END $$;
