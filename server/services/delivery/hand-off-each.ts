// The hand-off of one message: signed once (DKIM; per recipient for a topic's
// message, whose copies differ), then one hand-off per recipient, each with its own return path (VERP), on the recipient's route
// (server/outbound/routes.ts). A recipient that is a hosted mailbox of this
// service goes straight into our mail store (hosted-route.ts) whatever the
// route of the others.
import { env } from "@/server/config/env";
import { handOffOnRoute } from "@/server/outbound/hand-off-on-route";
import type { HandOff } from "@/server/outbound/message";
import { routeOf, viaOf } from "@/server/outbound/routes";
import { resolveRecipient } from "@/server/services/mailboxes/resolve-recipient";
import { verpAddress } from "@/server/services/messages/verp";
import type { RelayForSending, UnusableRelay } from "@/server/services/relays/find-default-relay-for-sending";
import type { DeliveredVia } from "@/shared/schemas/messages";
import type { DeliveryError, HandedOff } from "./classify-hand-off";
import { describe } from "./diagnostics";
import { signMessage } from "./dkim-signer";
import { feedbackIdOf, withFeedbackId } from "@/server/message-format/feedback-id";
import { withListUnsubscribe } from "@/server/message-format/list-unsubscribe";
import { unsubscribeLinks } from "@/server/services/topics/unsubscribe-links";
import { handOffToHostedMailboxes, type HostedDelivery } from "./hosted-route";
import type { LoadedMessage } from "./load-for-delivery";

/**
 * One hand-off per recipient, merged into one outcome. A recipient whose
 * hand-off throws is refused with that error's code (none: temporary); when
 * every one of them throws without a 5xx (the next hop is down), the first
 * error is thrown, as for a single hand-off.
 */
async function handOffEach(
  relay: RelayForSending | UnusableRelay | undefined,
  copyFor: (recipient: string) => Promise<SignedCopy>,
  row: LoadedMessage,
  recipients: string[],
): Promise<{ via: DeliveredVia; result: HandOff; hosted: HostedDelivery[]; queueIds: Map<string, string> }> {
  // Hosted mailboxes only: the service's own route carried the message.
  let via: DeliveredVia = "mailbox";
  const result: HandOff = { accepted: [], refused: [] };
  const hosted: HostedDelivery[] = [];
  const queueIds = new Map<string, string>();
  const errors: DeliveryError[] = [];
  let outside = 0;
  for (const recipient of recipients) {
    const { raw, signingDomain } = await copyFor(recipient);
    const from = verpAddress(row, recipient);
    const route = routeOf({ mailboxes: await resolveRecipient(recipient), relay }, env());
    if (route.name === "mailbox") {
      const copy = await handOffToHostedMailboxes({ messageId: row.id, raw, signingDomain, from, recipient, mailboxes: route.mailboxes });
      if ("delivered" in copy) hosted.push(copy.delivered);
      else result.refused.push(copy.refused);
      continue;
    }
    outside += 1;
    if (relay) via = "relay";
    try {
      const sent = await handOffOnRoute(route, { raw, envelope: { from, to: [recipient] } }, row.id);
      via = viaOf(route);
      result.accepted.push(...sent.accepted);
      result.refused.push(...sent.refused);
      if (sent.queueId) queueIds.set(recipient, sent.queueId);
    } catch (caught) {
      const error = caught as DeliveryError;
      if (recipients.length === 1) throw error;
      errors.push(error);
      result.refused.push({
        recipient,
        code: typeof error.responseCode === "number" ? error.responseCode : null,
        response: describe(error),
      });
    }
  }
  const permanent = errors.some((error) => typeof error.responseCode === "number" && error.responseCode >= 500);
  if (outside === recipients.length && errors.length === recipients.length && !permanent) throw errors[0];
  return { via, result, hosted, queueIds };
}

type SignedCopy = { raw: Buffer; signingDomain: string | null; signed: boolean };

/**
 * Signs the message and hands it off to its pending recipients; a hand-off
 * that failed as a whole is its error. A message of a topic is signed per
 * recipient, since each copy carries its own unsubscribe links
 * (docs/consent.md); any other is signed once for all of them.
 */
export async function signAndHandOff(
  row: LoadedMessage,
  relay: RelayForSending | UnusableRelay | undefined,
  pending: string[],
  raw: Buffer,
): Promise<HandedOff> {
  let signed = false;
  const sign = async (copy: Buffer): Promise<SignedCopy> => {
    const signature = await signMessage(copy, row.domainId, row.fromDomain);
    signed ||= signature.signed;
    return signature;
  };
  try {
    // The test sender's messages have no domain of the account: its from domain stands in.
    const labelled = withFeedbackId(raw, feedbackIdOf(row.topicId ?? "tx", row.domainId ?? row.fromDomain, row.accountId));
    const { topicId } = row;
    const shared = topicId ? null : await sign(labelled);
    const copyFor = (recipient: string) =>
      shared ? Promise.resolve(shared) : sign(withListUnsubscribe(labelled, unsubscribeLinks({ ...row, topicId: topicId! }, recipient)));
    const handedOff = await handOffEach(relay, copyFor, row, pending);
    return { signed, ...handedOff };
  } catch (caught) {
    return { signed, error: caught as DeliveryError };
  }
}
