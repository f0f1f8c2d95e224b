import { sql } from "drizzle-orm";
import { bigint, bigserial, check, index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { timestamptz } from "./columns";

/** The mailbox providers stats are grouped by (docs/deliverability.md, "Providers"). */
export type RecipientProvider = "gmail" | "microsoft" | "yahoo" | "apple" | "other";

/**
 * Which provider runs a recipient domain's mail, from its MX hosts (or a
 * list of the providers' own consumer domains), looked up once a month at
 * hand-off. The stats trigger reads it to put each recipient under its
 * provider; a domain without a row counts as `other`.
 */
export const recipientProviders = pgTable(
  "recipient_providers",
  {
    /** Lower case, no trailing dot. */
    domain: text("domain").primaryKey(),
    provider: text("provider").$type<RecipientProvider>().notNull(),
    checkedAt: timestamptz("checked_at").notNull().defaultNow(),
  },
  (table) => [check("recipient_providers_provider_check", sql`${table.provider} in ('gmail', 'microsoft', 'yahoo', 'apple', 'other')`)],
);

/** One counter column per thing stats count, shared by the rollup and its pending rows. */
const counters = () => ({
  sent: bigint("sent", { mode: "number" }).notNull().default(0),
  delivered: bigint("delivered", { mode: "number" }).notNull().default(0),
  deferred: bigint("deferred", { mode: "number" }).notNull().default(0),
  bounced: bigint("bounced", { mode: "number" }).notNull().default(0),
  failed: bigint("failed", { mode: "number" }).notNull().default(0),
  complained: bigint("complained", { mode: "number" }).notNull().default(0),
  opened: bigint("opened", { mode: "number" }).notNull().default(0),
  clicked: bigint("clicked", { mode: "number" }).notNull().default(0),
  unsubscribed: bigint("unsubscribed", { mode: "number" }).notNull().default(0),
  suppressed: bigint("suppressed", { mode: "number" }).notNull().default(0),
});

/**
 * The dimensions of a count besides its time (the UTC hour or day of the
 * events): the account, the message's sending domain ('' for none), the recipient's provider, and a tag
 * ('' counts every message; a message with tags also counts under `name` and
 * `name:value` of each, as the messages list filters them).
 */
const dimensions = () => ({
  accountId: text("account_id")
    .notNull()
    .references(() => accounts.id, { onDelete: "cascade" }),
  domainId: text("domain_id").notNull(),
  provider: text("provider").$type<RecipientProvider>().notNull(),
  tag: text("tag").notNull(),
});

/**
 * Hourly counts of message events (docs/deliverability.md, "How stats are
 * kept"), folded in from `message_stats_pending` every minute, with the
 * daily table below. Only the
 * folding job writes here, so sending never waits on a shared counter row.
 */
export const messageStats = pgTable("message_stats", { ...dimensions(), hour: timestamptz("hour").notNull(), ...counters() }, (table) => [
  primaryKey({ columns: [table.accountId, table.hour, table.domainId, table.provider, table.tag] }),
]);

/**
 * The same counts by UTC day, folded in with the hourly ones: a month by day
 * reads 30 rows per provider and tag instead of 720.
 */
export const messageStatsDaily = pgTable(
  "message_stats_daily",
  { ...dimensions(), day: timestamptz("day").notNull(), ...counters() },
  (table) => [primaryKey({ columns: [table.accountId, table.day, table.domainId, table.provider, table.tag] })],
);

/**
 * Counts not yet folded into `message_stats`: the trigger on message_events
 * appends one row per group of each inserting statement (append-only, so
 * concurrent deliveries never lock each other). Readers add them in.
 */
export const messageStatsPending = pgTable(
  "message_stats_pending",
  { id: bigserial("id", { mode: "number" }).primaryKey(), ...dimensions(), hour: timestamptz("hour").notNull(), ...counters() },
  (table) => [index("message_stats_pending_account_idx").on(table.accountId, table.hour)],
);
