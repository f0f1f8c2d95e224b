// The delivery jobs of a batch of messages: load them with their envelopes
// (one query for the batch, one for the accounts' relays), then deliver each
// message on its own, in named steps: skip it unless it is due
// (load-for-delivery.ts), read or build its wire form (wire-form.ts), sign
// it (DKIM, once) and hand it to each pending recipient on that recipient's
// route (hand-off-each.ts: a hosted mailbox of this service, the account's
// default active relay, or the service's route: smart host, Postfix),
// classify what came back (classify-hand-off.ts, a pure function), write the
// outcome (settle-delivery.ts), and clear the hosted copies' notes once done.
// The recipients' providers are looked up beside the relays, so the stats
// trigger files each outcome under its provider.
//
// Each recipient gets a transaction of its own, with a return path (VERP,
// server/services/messages/verp.ts) naming the message and that recipient,
// so bounces and complaints that come back to the MX name their message and
// recipient, and one recipient cannot report on another (docs/bounces.md,
// "Return path (VERP)"). Every copy leaves with its own return path; the
// stored envelope keeps the sender the customer gave.
//
// Each recipient's outcome (sent, bounced, deferred, or expired once the
// attempts ran out) is written with the message's; the delivery reports that
// come back later take it further (docs/delivery.md).
//
// A crash after the hand-off but before the outcome is written leaves the
// job to be retried: that message may go out twice, with the same
// Message-ID and bytes (its form is stored, or built the same way again).
// Nothing is lost.
import { logger } from "@/server/logger";
import {
  findDefaultRelaysForSending,
  type RelayForSending,
  type UnusableRelay,
} from "@/server/services/relays/find-default-relay-for-sending";
import { classifyHandOff, type DeliveryOutcome } from "./classify-hand-off";
import { signAndHandOff } from "./hand-off-each";
import { forgetHostedDeliveries } from "./hosted-route";
import { wireFormOf } from "@/server/services/messages/wire-form";
import { isDue, type LoadedMessage, loadForDelivery } from "./load-for-delivery";
import { rememberRecipientProviders } from "@/server/services/stats/remember-recipient-providers";
import { settleDelivery } from "./settle-delivery";

/** Tries per message, the first included; the queue's retry limit matches. */
export const DELIVERY_ATTEMPTS = 6;

/**
 * Delivers a batch; each message settles on its own, and its outcome (or the
 * error that will retry it alone) is at its index.
 */
export async function deliverMessages(messageIds: string[]): Promise<PromiseSettledResult<DeliveryOutcome>[]> {
  const rows = new Map((await loadForDelivery(messageIds)).map((row) => [row.id, row]));
  const [relays] = await Promise.all([
    findDefaultRelaysForSending([...new Set([...rows.values()].map((row) => row.accountId))]),
    rememberProviders([...rows.values()]),
  ]);
  return Promise.allSettled(
    messageIds.map((messageId) => {
      const row = rows.get(messageId);
      // Gone with its account: nothing to deliver.
      return row ? deliverLoaded(row, relays.get(row.accountId)) : Promise.resolve<DeliveryOutcome>("done");
    }),
  );
}

/** The recipients' providers, for stats (a failed lookup leaves them `other`; it never holds delivery back). */
async function rememberProviders(rows: LoadedMessage[]): Promise<void> {
  await rememberRecipientProviders(rows.flatMap((row) => row.envelopeTo ?? row.to)).catch((error: unknown) =>
    logger().warn({ err: error }, "recipient providers not looked up"),
  );
}

async function deliverLoaded(row: LoadedMessage, relay: RelayForSending | UnusableRelay | undefined): Promise<DeliveryOutcome> {
  if (!(await isDue(row))) return "done";
  const attempt = row.attempts + 1;
  const wire = await wireFormOf(row);
  const pending = wire.envelope.to;
  const handedOff = await signAndHandOff(row, relay, pending, wire.raw);
  const { settlement, outcome, forgetHosted, log } = classifyHandOff(row.id, handedOff, {
    pending,
    attempt,
    last: attempt >= DELIVERY_ATTEMPTS,
    sentAt: row.sentAt,
  });
  await settleDelivery(row.id, { ...settlement, size: wire.builtNow ? wire.raw.length : null });
  if (forgetHosted) await forgetHostedDeliveries(row.id);
  if (log) logger()[log.level]({ messageId: row.id, ...log.detail }, log.message);
  return outcome;
}
