// An SMTP relay's encryption modes, statuses and test failures. Kept apart from
// the zod schemas (shared/schemas/smtp-relay.ts) so the relay form can list them without zod.
export const relayEncryptions = ["none", "starttls", "ssl_tls"] as const;
export const relayStatuses = ["active", "inactive"] as const;
/** Why the last connection test failed (docs/relays.md). */
export const relayTestErrors = ["dns_failure", "refused", "tls_error", "auth_rejected", "timeout"] as const;
