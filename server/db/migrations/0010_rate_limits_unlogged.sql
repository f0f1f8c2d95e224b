-- Rate-limit counters are hit on every API request. As an ordinary table each
-- hit waits for a WAL flush at commit, and hits on one subject queue behind
-- each other's flush. UNLOGGED skips the WAL: commits no longer wait for the
-- disk. The price: after a PostgreSQL crash (not a clean restart) the table
-- comes back empty, so every window starts afresh once. Counters are not
-- customer data, so that is the better trade.
ALTER TABLE "rate_limit_buckets" SET UNLOGGED;
