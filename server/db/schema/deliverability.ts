// What the service learns about how customers' mail lands beyond its own events: the DMARC aggregate reports
// receivers send, and the reputation warnings the stats raise (docs/deliverability.md).
import { sql } from "drizzle-orm";
import { bigint, boolean, doublePrecision, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { timestamptz } from "./columns";
import { sendingDomains } from "./sending-domains";

export type DmarcDisposition = "none" | "quarantine" | "reject";
/** The policy the report says was published (RFC 7489 appendix C, `policy_published`). */
export type PublishedPolicy = {
  domain: string;
  p: string | null;
  sp: string | null;
  pct: number | null;
  adkim: string | null;
  aspf: string | null;
};
/** One authentication result a row's `auth_results` lists. */
export type DmarcAuthResult = { domain: string; result: string; selector?: string | null; scope?: string | null };

/**
 * A DMARC aggregate report about one of the account's sending domains,
 * received at the domain's `rua` address (docs/deliverability.md, "DMARC
 * reports"). Stored once per reporter and report id; its rows are apart.
 */
export const dmarcReports = pgTable(
  "dmarc_reports",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    domainId: text("domain_id")
      .notNull()
      .references(() => sendingDomains.id, { onDelete: "cascade" }),
    /** `org_name` of the report's metadata: who sent it (Google, Microsoft, …). */
    reporter: text("reporter").notNull(),
    reporterEmail: text("reporter_email"),
    reportId: text("report_id").notNull(),
    beginAt: timestamptz("begin_at").notNull(),
    endAt: timestamptz("end_at").notNull(),
    policy: jsonb("policy").$type<PublishedPolicy>().notNull(),
    /** Messages the report covers (the sum of its rows' counts), and of them those that passed DMARC (an aligned pass). */
    messages: bigint("messages", { mode: "number" }).notNull(),
    passedMessages: bigint("passed_messages", { mode: "number" }).notNull(),
    receivedAt: timestamptz("received_at").notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("dmarc_reports_once_key").on(table.domainId, sql`lower(${table.reporter})`, table.reportId),
    index("dmarc_reports_domain_end_idx").on(table.domainId, table.endAt),
  ],
);

/** One row of a report: a sending source (IP) with its count and how DMARC judged it. */
export const dmarcReportRows = pgTable(
  "dmarc_report_rows",
  {
    reportId: text("report_id")
      .notNull()
      .references(() => dmarcReports.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    sourceIp: text("source_ip").notNull(),
    /** The source's PTR name when it had one at receipt. */
    reverseName: text("reverse_name"),
    count: bigint("count", { mode: "number" }).notNull(),
    disposition: text("disposition").$type<DmarcDisposition>().notNull(),
    /** `policy_evaluated`: whether DKIM and SPF passed aligned with the From domain. */
    dkimAligned: boolean("dkim_aligned").notNull(),
    spfAligned: boolean("spf_aligned").notNull(),
    headerFrom: text("header_from"),
    dkimResults: jsonb("dkim_results").$type<DmarcAuthResult[]>().notNull().default([]),
    spfResults: jsonb("spf_results").$type<DmarcAuthResult[]>().notNull().default([]),
  },
  (table) => [index("dmarc_report_rows_report_idx").on(table.reportId, table.position)],
);

export type ReputationMetric = "bounce_rate" | "complaint_rate";

/**
 * A sending domain whose last 24 hours passed a rate mailbox providers act on
 * (docs/deliverability.md, "Reputation warnings"): written by the stats fold,
 * at most once a day per domain and metric; the trigger on this table writes
 * the feed's `domain.reputation_warning`.
 */
export const reputationWarnings = pgTable(
  "reputation_warnings",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    domainId: text("domain_id")
      .notNull()
      .references(() => sendingDomains.id, { onDelete: "cascade" }),
    metric: text("metric").$type<ReputationMetric>().notNull(),
    /** Percentages, as shown. */
    rate: doublePrecision("rate").notNull(),
    threshold: doublePrecision("threshold").notNull(),
    /** Recipients handed off in the 24 hours, and of them bounced or complaining. */
    sent: bigint("sent", { mode: "number" }).notNull(),
    affected: bigint("affected", { mode: "number" }).notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (table) => [index("reputation_warnings_domain_idx").on(table.domainId, table.metric, table.createdAt)],
);
