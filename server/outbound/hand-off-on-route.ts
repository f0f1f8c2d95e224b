// Carries one copy of a customer's message along its route (routes.ts) when
// the route leaves the mail store: the account's relay (a pooled connection,
// relay/relay-pools.ts), the operator's smart host (SMTP_URL), Postfix, or
// the service's email transport. A hosted mailbox's copy goes into the mail
// store instead (server/services/mailbox-delivery/).
import type { HandOff, RawMessage } from "@/server/outbound/message";
import { emailTransport } from "@/server/outbound/transport";
import { smtpTransport } from "@/server/outbound/transports/smtp";
import { env } from "@/server/config/env";
import { handOffToPostfix } from "./postfix/postfix-hand-off";
import { sendThroughRelayPool } from "./relay/relay-pools";
import type { Route } from "./routes";

const RELAY_TIMEOUT_MS = 30_000;

let smartHost: ReturnType<typeof smtpTransport> | undefined;

export async function handOffOnRoute(route: Exclude<Route, { name: "mailbox" }>, message: RawMessage, messageId: string): Promise<HandOff> {
  const config = env();
  switch (route.name) {
    case "unusable-relay":
      // A temporary failure: the message waits and retries like any other hand-off that could not start.
      throw new Error(route.reason);
    case "relay":
      return sendThroughRelayPool(route.relay.id, route.relay, message, {
        allowPrivate: config.RELAY_ALLOW_PRIVATE_HOSTS,
        timeoutMs: RELAY_TIMEOUT_MS,
      });
    case "smart-host":
      // The own emails' transport when it is the same smart host: one pool of connections.
      if (config.emailTransport === "smtp") return emailTransport().sendRaw(message);
      smartHost ??= smtpTransport(config.SMTP_URL!);
      return smartHost.sendRaw(message);
    case "postfix":
      return handOffToPostfix(config.postfix.handOff!, message, messageId);
    default:
      return emailTransport().sendRaw(message);
  }
}
