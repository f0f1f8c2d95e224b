// What the MX does with a message once DATA is read: every recipient was
// routed at RCPT (route-recipient.ts), and each kind of destination has one
// handler, called once with all of the message's recipients of that kind.
// Handlers run one kind after another; the first that fails decides the
// reply (a temporary failure: the sender retries the whole message, and the
// handlers are idempotent: a report recorded twice records nothing new).
import type { Destination, InboundMessage } from "./inbound-message";
import { handleDmarcReports } from "./dmarc/handle-dmarc-reports";
import { deliverToHostedMailboxes } from "./mailbox-delivery/deliver-to-hosted-mailboxes";
import { handleBounceReports } from "./reports/handle-bounce-reports";
import { handleUnsubscribeMail } from "./unsubscribe/handle-unsubscribe-mail";

type Handler<D extends Destination> = (message: InboundMessage, destinations: D[]) => Promise<void>;

export type DestinationHandlers = { [K in Destination["kind"]]: Handler<Extract<Destination, { kind: K }>> };

export const destinationHandlers: DestinationHandlers = {
  bounce: handleBounceReports,
  mailbox: (message, destinations) => deliverToHostedMailboxes(message, destinations),
  unsubscribe: handleUnsubscribeMail,
  dmarc_report: handleDmarcReports,
};

export async function deliverInbound(
  message: InboundMessage,
  destinations: Destination[],
  handlers: DestinationHandlers = destinationHandlers,
): Promise<void> {
  const kinds = [...new Set(destinations.map((destination) => destination.kind))];
  for (const kind of kinds) {
    const handler = handlers[kind] as Handler<Destination>;
    await handler(
      message,
      destinations.filter((destination) => destination.kind === kind),
    );
  }
}
