import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { timestamptz } from "./columns";

export type TemplateKind = "template" | "layout";

/**
 * A stored template or layout (docs/templates.md): what stays the same across
 * its versions. `version` is the latest; each is a row of template_versions.
 * A deleted one keeps its rows (deleted_at), so messages sent with it still
 * name it and versions that use a deleted layout still render.
 */
export const templates = pgTable(
  "templates",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    kind: text("kind").$type<TemplateKind>().notNull(),
    version: integer("version").notNull().default(1),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
    deletedAt: timestamptz("deleted_at"),
  },
  (table) => [
    index("templates_account_idx").on(table.accountId, table.createdAt),
    check("templates_kind_check", sql`${table.kind} in ('template', 'layout')`),
  ],
);

/** One version of a template or layout, as it was saved; never changed once written. */
export const templateVersions = pgTable(
  "template_versions",
  {
    templateId: text("template_id")
      .notNull()
      .references(() => templates.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    /** Templates only; null for a layout. */
    subject: text("subject"),
    html: text("html"),
    text: text("text"),
    /** A JSON Schema (draft 2020-12) of `type: "object"`: what a send must pass. */
    variables: jsonb("variables").$type<Record<string, unknown>>(),
    /** The layout it is rendered in (its latest version); null: none. */
    layoutId: text("layout_id").references(() => templates.id),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.templateId, table.version] }), index("template_versions_layout_idx").on(table.layoutId)],
);
