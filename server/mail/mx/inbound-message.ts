// What the MX's sub-rooms share: the message as received and where each of
// its recipients goes. Kept apart from the code that routes and delivers, so
// reports/ and mailbox-delivery/ depend on these types and never on the
// listener that calls them.
import type { UnsubscribeTarget } from "@/server/services/topics/find-unsubscribe-target";
import type { AuthenticationSummary } from "./authentication/authenticate-inbound";

export type InboundMessage = {
  /** As received, CRLF line ends. */
  raw: Buffer;
  /** The reverse path; "" for the null sender (`MAIL FROM:<>`), as DSNs use. */
  mailFrom: string;
  remoteAddress: string;
  helo: string;
  sessionId: string;
  /** SPF/DKIM/DMARC/ARC, checked on first use and shared by every handler. */
  authentication: () => Promise<AuthenticationSummary>;
  /**
   * Sent by the service's own Postfix (its reports listener knows the connection's user): nothing to check, as
   * the checks would only describe our own machine (docs/delivery.md, "Delivery reports").
   */
  fromOwnPostfix: boolean;
};

/** A return-path (VERP) address: reports sent to it are about this message, and only its `recipient` when the token names one. */
export type BounceDestination = { kind: "bounce"; address: string; messageId: string; recipient: string | null };

/** A hosted mailbox, an alias or a catch-all: `mailboxes` are the mailbox addresses it delivers into. */
export type MailboxDestination = { kind: "mailbox"; address: string; mailboxes: string[] };

/** The mailto address of a topic message's List-Unsubscribe: mail to it unsubscribes `target` (docs/consent.md). */
export type UnsubscribeDestination = { kind: "unsubscribe"; address: string; token: string; target: UnsubscribeTarget };
/** A sending domain's DMARC report address (docs/deliverability.md, "DMARC reports"): mail to it is its aggregate reports. */
export type DmarcReportDestination = { kind: "dmarc_report"; address: string; domainId: string };
export type Destination = BounceDestination | MailboxDestination | UnsubscribeDestination | DmarcReportDestination;

export type RecipientResolver = {
  name: string;
  /** The destination of `address` (as given at RCPT), or null when it is not this resolver's to place. */
  resolve: (address: string) => Promise<Destination | null>;
};
