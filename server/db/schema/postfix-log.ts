import { bigint, pgTable, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns";

/**
 * How far the service has read each child Postfix's log (docs/delivery.md,
 * "Each recipient's fate"): the file's inode and the byte after the last
 * line whose outcomes are recorded, written in the transaction that records
 * them, so a restart neither loses a line nor applies one twice. One row per
 * instance's log: `<host name>:<path>`.
 */
export const postfixLogPositions = pgTable("postfix_log_positions", {
  log: text("log").primaryKey(),
  inode: bigint("inode", { mode: "number" }).notNull(),
  byteOffset: bigint("byte_offset", { mode: "number" }).notNull(),
  updatedAt: timestamptz("updated_at").notNull().defaultNow(),
});
