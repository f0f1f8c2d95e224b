import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { timestamptz } from "./columns";

export type TopicDefault = "opt_in" | "opt_out";
export type SubscriptionStatus = "subscribed" | "unsubscribed";
export type SubscriptionSource = "api" | "one_click" | "preference_page" | "mailto";

/**
 * What an account sends subscribed mail about (docs/consent.md). An `opt_in`
 * topic reaches only addresses that subscribed; an `opt_out` topic everyone
 * who has not unsubscribed. A deleted topic keeps its row (deleted_at), so
 * the links in mail already sent still record the reader's choice.
 */
export const topics = pgTable(
  "topics",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    defaultSubscription: text("default_subscription").$type<TopicDefault>().notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    deletedAt: timestamptz("deleted_at"),
  },
  (table) => [
    index("topics_account_idx").on(table.accountId, table.createdAt),
    // Two live topics of one account never share a name (readers pick by it on the preference page).
    uniqueIndex("topics_account_name_key").on(table.accountId, sql`lower(${table.name})`).where(sql`${table.deletedAt} is null`),
    check("topics_default_subscription_check", sql`${table.defaultSubscription} in ('opt_in', 'opt_out')`),
  ],
);

/**
 * Each address's choice about a topic, one row per account, address (lower
 * case) and topic. No row means the topic's default. A trigger writes the
 * feed's `subscription.changed` for every change
 * (server/db/functions/account_events_from_topic_subscriptions.sql).
 */
export const topicSubscriptions = pgTable(
  "topic_subscriptions",
  {
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    topicId: text("topic_id")
      .notNull()
      .references(() => topics.id, { onDelete: "cascade" }),
    status: text("status").$type<SubscriptionStatus>().notNull(),
    source: text("source").$type<SubscriptionSource>().notNull(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.email, table.topicId] }),
    index("topic_subscriptions_topic_idx").on(table.topicId, table.status),
    check("topic_subscriptions_status_check", sql`${table.status} in ('subscribed', 'unsubscribed')`),
    check("topic_subscriptions_source_check", sql`${table.source} in ('api', 'one_click', 'preference_page', 'mailto')`),
  ],
);
