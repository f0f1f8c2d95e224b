// Where a customer's message goes when its account has no default active
// relay (docs/delivery.md, "Routes"): the operator's smart host (SMTP_URL),
// else Postfix (the child, or POSTFIX=external), else the service's email
// transport (outside production: the dev mailbox).
import type { HandOff, RawMessage } from "@/server/outbound/message";
import { emailTransport } from "@/server/outbound/transport";
import { smtpTransport } from "@/server/outbound/transports/smtp";
import { env } from "@/server/env";
import { handOffToPostfix } from "./postfix-hand-off";

let smartHost: ReturnType<typeof smtpTransport> | undefined;

export type ServiceRouteName = "smart-host" | "postfix" | "transport";

export function serviceRouteName(config = env()): ServiceRouteName {
  if (config.SMTP_URL) return "smart-host";
  if (config.postfix.handOff) return "postfix";
  return "transport";
}

/** Whether the service's route ends in the dev mailbox (the file transport outside production): nothing leaves the machine. */
export const endsInDevMailbox = (config = env()) => serviceRouteName(config) === "transport" && config.emailTransport === "file";

export function handOffOnServiceRoute(message: RawMessage, messageId: string): Promise<HandOff> {
  const config = env();
  switch (serviceRouteName(config)) {
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
