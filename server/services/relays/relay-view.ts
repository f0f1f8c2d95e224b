// A stored relay as the API returns it (docs/api.md). The sealed password is
// reduced to `hasPassword`; it is never part of the view.
import type { smtpRelays } from "@/server/db/schema";
import type { SmtpRelay } from "@/shared/schemas/smtp-relay";

export type RelayRow = typeof smtpRelays.$inferSelect;

export function relayView(row: RelayRow): SmtpRelay {
  return {
    id: row.id,
    name: row.name,
    smtp_host: row.host,
    smtp_port: row.port,
    smtp_username: row.username,
    encryption: row.encryption,
    status: row.status,
    is_default: row.isDefault,
    hasPassword: row.passwordSealed !== null,
    lastTestedAt: row.lastTestedAt?.toISOString() ?? null,
    lastTestOk: row.lastTestOk,
    lastTestError: row.lastTestError,
    lastTestMessage: row.lastTestMessage,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
