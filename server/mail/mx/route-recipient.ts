// Where an inbound recipient goes, decided at RCPT so nothing is accepted
// that cannot be placed (docs/bounces.md, "Inbound MX"). Resolvers are tried
// in order; the first that knows the address answers with a destination, and
// an address none of them knows is refused with 550 5.1.1. A resolver may
// also refuse an address it knows by throwing an SmtpReply (a mailbox over
// quota: 452 4.2.2), or fail, which the listener answers with 451 4.3.0.
//
// Destinations are a tagged union: each kind has one handler in
// deliver-inbound.ts, which gets the message once with every recipient of
// that kind.
import { dmarcReportResolver } from "./dmarc/dmarc-report-resolver";
import { bounceResolver } from "./reports/bounce-resolver";
import { unsubscribeResolver } from "./unsubscribe/unsubscribe-resolver";
import { mailboxResolver } from "./mailbox-delivery/mailbox-resolver";
import type { Destination, RecipientResolver } from "./inbound-message";
import { postmasterResolver } from "./mailbox-delivery/postmaster-resolver";

/** In the order they are tried. */
export const recipientResolvers: RecipientResolver[] = [
  unsubscribeResolver,
  dmarcReportResolver,
  bounceResolver,
  mailboxResolver,
  postmasterResolver,
];

export async function routeRecipient(address: string, resolvers: RecipientResolver[] = recipientResolvers): Promise<Destination | null> {
  for (const resolver of resolvers) {
    const destination = await resolver.resolve(address);
    if (destination) return destination;
  }
  return null;
}
