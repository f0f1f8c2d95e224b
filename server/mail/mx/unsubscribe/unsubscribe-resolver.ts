// The mailto address of a topic message's List-Unsubscribe,
// `unsubscribe+<token>@<any domain>` (the return-path names point at us, so
// the domain says nothing). Only a token that verifies against its message's
// recipient and topic is taken; any other gets 550 5.1.1 like an unknown
// address.
import { findUnsubscribeTarget } from "@/server/services/topics/find-unsubscribe-target";
import { MAILTO_PREFIX } from "@/server/services/topics/unsubscribe-links";
import type { RecipientResolver, UnsubscribeDestination } from "../inbound-message";

async function resolve(address: string): Promise<UnsubscribeDestination | null> {
  const at = address.lastIndexOf("@");
  const local = address.slice(0, Math.max(0, at)).toLowerCase();
  if (!local.startsWith(MAILTO_PREFIX)) return null;
  const token = local.slice(MAILTO_PREFIX.length);
  const target = await findUnsubscribeTarget(token);
  return target ? { kind: "unsubscribe", address, token, target } : null;
}

export const unsubscribeResolver: RecipientResolver = { name: "unsubscribe mailto", resolve };
