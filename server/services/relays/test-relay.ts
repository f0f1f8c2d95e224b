// POST /smtp-relays/{id}/test: a real SMTP handshake with the relay's
// settings (see open-relay-session.ts), then the outcome is stored on the
// relay and logged as activity. A failed test is a finished operation, not
// an API error: the answer carries the reason.
import { and, eq } from "drizzle-orm";
import { now } from "@/server/clock";
import { db } from "@/server/db/client";
import { smtpRelays } from "@/server/db/schema";
import { env } from "@/server/config/env";
import { notFound } from "@/server/errors";
import { recordActivity } from "@/server/services/activity/record-activity";
import type { ClientInfo } from "@/shared/api/client-info";
import type { RelayTestError } from "@/shared/schemas/smtp-relay";
import { getRelayOrThrow } from "./find-relay";
import { openRelaySession } from "@/server/outbound/relay/open-relay-session";
import { RelayConnectionError } from "@/server/outbound/relay/relay-connection-error";
import { relayTargetOf } from "./relay-target";
import { relayView, type RelayRow } from "./relay-view";

type Outcome = { ok: boolean; error: RelayTestError | null; message: string };

const tlsWords = { none: "without TLS", starttls: "TLS via STARTTLS", ssl_tls: "implicit TLS" } as const;

async function handshake(relay: RelayRow): Promise<Outcome> {
  const target = relayTargetOf(relay);
  try {
    const session = await openRelaySession(target, {
      timeoutMs: env().RELAY_TEST_TIMEOUT_MS,
      allowPrivate: env().RELAY_ALLOW_PRIVATE_HOSTS,
    });
    session.quit();
    const signedIn = target.credentials ? `, signed in as ${target.credentials.user}` : "";
    return { ok: true, error: null, message: `Connected to ${relay.host}:${relay.port} (${tlsWords[relay.encryption]})${signedIn}.` };
  } catch (error) {
    if (!(error instanceof RelayConnectionError)) throw error;
    return { ok: false, error: error.reason, message: error.message };
  }
}

export async function testRelay(accountId: string, relayId: string, client: ClientInfo) {
  const relay = await getRelayOrThrow(accountId, relayId);
  const outcome = await handshake(relay);
  return db().transaction(async (tx) => {
    const [row] = await tx
      .update(smtpRelays)
      .set({ lastTestedAt: now(), lastTestOk: outcome.ok, lastTestError: outcome.error, lastTestMessage: outcome.message })
      .where(and(eq(smtpRelays.id, relayId), eq(smtpRelays.accountId, accountId)))
      .returning();
    // Deleted while the test ran.
    if (!row) throw notFound("SMTP relay");
    await recordActivity(
      {
        accountId,
        type: "relay.tested",
        description: `SMTP relay "${row.name}" ${outcome.ok ? "passed" : "failed"} a connection test`,
        ip: client.ip,
        userAgent: client.userAgent,
        metadata: { relayId, name: row.name, ok: outcome.ok, error: outcome.error },
      },
      tx,
    );
    return { relay: relayView(row), message: outcome.ok ? "Connection test passed" : `Connection test failed: ${outcome.message}` };
  });
}
