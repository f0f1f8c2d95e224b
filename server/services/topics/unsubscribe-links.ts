// A recipient's unsubscribe links for one message of a topic: the https link
// on the service's own address and the mailto address on the message's
// return-path name, which the MX takes (docs/consent.md).
import { env } from "@/server/config/env";
import { returnPathOf } from "@/server/services/messages/verp";
import { unsubscribeToken } from "./unsubscribe-token";

export const MAILTO_PREFIX = "unsubscribe+";

export function unsubscribeLinks(
  message: { id: string; topicId: string; domainId: string | null; fromDomain: string },
  recipient: string,
): { url: string; mailto: string } {
  const token = unsubscribeToken(message.id, recipient, message.topicId);
  return { url: `${env().appUrl}/u/${token}`, mailto: `${MAILTO_PREFIX}${token}@${returnPathOf(message)}` };
}
