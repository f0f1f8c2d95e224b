import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgSequence, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { timestamptz } from "./columns";

/**
 * The account's plan and its current term. An account without a row is on
 * the free plan (every account starts there); the row appears on the first
 * purchase. accounts.plan_id mirrors plan_id and is updated in the same
 * transaction.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    accountId: text("account_id")
      .primaryKey()
      .references(() => accounts.id, { onDelete: "cascade" }),
    planId: text("plan_id").notNull(),
    status: text("status", { enum: ["active", "past_due", "canceled"] }).notNull(),
    /** Null on the free plan (its quota period is the calendar month). */
    currentPeriodStart: timestamptz("current_period_start"),
    currentPeriodEnd: timestamptz("current_period_end"),
    /**
     * End of the last term paid for. A renewal paid during a term extends
     * this; the period-end job then rolls the current period forward.
     */
    paidThrough: timestamptz("paid_through"),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    /** When the customer asked to cancel, or when a paid term ended unpaid. */
    canceledAt: timestamptz("canceled_at"),
    /** The paid plan that ended, shown with status canceled. */
    endedPlanId: text("ended_plan_id"),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (table) => [index("subscriptions_period_end_idx").on(table.currentPeriodEnd)],
);

/**
 * One checkout: a plan term or a credit pack, paid through one provider.
 * The reference is what the provider knows the payment by; its status only
 * moves forward (pending → failed → succeeded, never back from succeeded).
 */
export const payments = pgTable(
  "payments",
  {
    reference: text("reference").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: ["stripe", "paystack", "sandbox"] }).notNull(),
    planId: text("plan_id"),
    creditPackId: text("credit_pack_id"),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    status: text("status", { enum: ["pending", "succeeded", "failed"] })
      .notNull()
      .default("pending"),
    /** The provider's own id for the checkout (Stripe Checkout Session id), when it has one. */
    providerCheckoutId: text("provider_checkout_id"),
    checkoutUrl: text("checkout_url").notNull(),
    /** Set once, in the transaction that activated the plan or added the credits. */
    fulfilledAt: timestamptz("fulfilled_at"),
    succeededAt: timestamptz("succeeded_at"),
    failedAt: timestamptz("failed_at"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (table) => [
    index("payments_account_created_idx").on(table.accountId, table.createdAt),
    check("payments_one_item", sql`(${table.planId} is null) <> (${table.creditPackId} is null)`),
  ],
);

/**
 * Every verified provider event, stored once: the unique index is what makes
 * duplicate and concurrent deliveries apply at most once.
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    /** Our payment reference, when the event names one. */
    reference: text("reference"),
    receivedAt: timestamptz("received_at").notNull().defaultNow(),
  },
  (table) => [uniqueIndex("payment_events_provider_event_key").on(table.provider, table.eventId)],
);

export const invoiceNumbers = pgSequence("invoice_number_seq", { startWith: 1 });

/** One invoice per succeeded payment (unique on the payment). */
export const invoices = pgTable(
  "invoices",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    paymentReference: text("payment_reference")
      .notNull()
      .references(() => payments.reference, { onDelete: "cascade" }),
    number: text("number").notNull(),
    description: text("description").notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    status: text("status", { enum: ["paid", "open", "void"] }).notNull(),
    periodStart: timestamptz("period_start"),
    periodEnd: timestamptz("period_end"),
    issuedAt: timestamptz("issued_at").notNull(),
    paidAt: timestamptz("paid_at"),
  },
  (table) => [
    uniqueIndex("invoices_payment_key").on(table.paymentReference),
    uniqueIndex("invoices_number_key").on(table.number),
    index("invoices_account_issued_idx").on(table.accountId, table.issuedAt),
  ],
);

/**
 * Email credits as a ledger: the balance is the sum. Purchases are unique per
 * payment; sending (#13) will add negative rows.
 */
export const emailCreditEntries = pgTable(
  "email_credit_entries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    delta: integer("delta").notNull(),
    reason: text("reason").notNull(),
    paymentReference: text("payment_reference").references(() => payments.reference, { onDelete: "cascade" }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (table) => [
    index("email_credit_entries_account_idx").on(table.accountId),
    uniqueIndex("email_credit_entries_payment_key").on(table.paymentReference).where(sql`${table.paymentReference} is not null`),
  ],
);

/**
 * The built-in sandbox gateway's own books: what it was asked to charge and
 * what the customer decided on its checkout page. Kept apart from `payments`
 * so our side learns outcomes only the way it would from a real gateway
 * (a signed webhook, or asking the gateway).
 */
export const sandboxCharges = pgTable("sandbox_charges", {
  reference: text("reference").primaryKey(),
  amount: integer("amount").notNull(),
  currency: text("currency").notNull(),
  description: text("description").notNull(),
  returnUrl: text("return_url").notNull(),
  outcome: text("outcome", { enum: ["pending", "succeeded", "failed"] })
    .notNull()
    .default("pending"),
  eventId: text("event_id"),
  decidedAt: timestamptz("decided_at"),
  createdAt: timestamptz("created_at").notNull().defaultNow(),
});
