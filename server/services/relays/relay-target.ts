// What a connection to a relay needs, with the password opened. Server-side
// only: never returned, logged or put in a job payload.
import type { RelayTarget } from "@/server/outbound/relay/open-relay-session";
import { openRelayPassword } from "./relay-password";
import type { RelayRow } from "./relay-view";

export function relayTargetOf(row: RelayRow): RelayTarget {
  return {
    host: row.host,
    port: row.port,
    encryption: row.encryption,
    credentials:
      row.username !== null && row.passwordSealed !== null
        ? { user: row.username, pass: openRelayPassword(row.passwordSealed, row.accountId, row.id) }
        : null,
  };
}
