// The route of each recipient of a customer's message (docs/delivery.md,
// "Routes"), decided in one place: the first that applies of a hosted
// mailbox of this service, the account's default active relay, the
// operator's smart host (SMTP_URL), Postfix (the child, or POSTFIX=external),
// else the service's email transport (outside production: the dev mailbox).
// Plain values in, a route out: delivery looks up the facts (the recipient's
// hosted mailboxes, the account's relay) and hand-off-on-route.ts carries the
// message along the route.
import type { DeliveredVia } from "@/shared/schemas/messages";
import type { RelayTarget } from "./relay/open-relay-session";

/** An account's default active relay, ready to connect to. */
type Relay = RelayTarget & { id: string };
/** An account's default active relay that cannot be used now (its password cannot be opened), and why. */
type UnusableRelay = { unusable: string };

/** What the route depends on in the service's settings (server/config/env.ts). */
export type RouteSettings = { SMTP_URL?: string | undefined; postfix: { handOff: unknown }; emailTransport: string };

export type Route =
  | { name: "mailbox"; mailboxes: string[] }
  | { name: "relay"; relay: Relay }
  | { name: "unusable-relay"; reason: string }
  | { name: "smart-host" }
  | { name: "postfix" }
  | { name: "transport"; devMailbox: boolean };

export function routeOf(
  recipient: {
    /** The hosted mailboxes the recipient's address delivers into, or null when it is not hosted here. */
    mailboxes: string[] | null;
    relay: Relay | UnusableRelay | undefined;
  },
  settings: RouteSettings,
): Route {
  if (recipient.mailboxes) return { name: "mailbox", mailboxes: recipient.mailboxes };
  const { relay } = recipient;
  if (relay) return "unusable" in relay ? { name: "unusable-relay", reason: relay.unusable } : { name: "relay", relay };
  if (settings.SMTP_URL) return { name: "smart-host" };
  if (settings.postfix.handOff) return { name: "postfix" };
  // The file transport outside production: nothing leaves the machine.
  return { name: "transport", devMailbox: settings.emailTransport === "file" };
}

/** What a message's `deliveredVia` says of the route its copy took. */
export function viaOf(route: Route): DeliveredVia {
  switch (route.name) {
    case "mailbox":
      return "mailbox";
    case "relay":
    case "unusable-relay":
      return "relay";
    case "transport":
      return route.devMailbox ? "dev_mailbox" : "service";
    default:
      return "service";
  }
}

export type ServiceRouteName = "smart-host" | "postfix" | "transport";

/** The service's own route: the one a recipient takes that is neither hosted here nor sent through a relay. */
export const serviceRouteName = (settings: RouteSettings) =>
  routeOf({ mailboxes: null, relay: undefined }, settings).name as ServiceRouteName;
