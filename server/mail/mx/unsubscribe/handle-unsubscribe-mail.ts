// Mail to a List-Unsubscribe mailto address: whatever it says, it
// unsubscribes the link's own recipient from the message's topic, as the
// one-click POST does (docs/consent.md). Counted like the link's other uses;
// past a limit the mail is taken and dropped, since a retry would change
// nothing.
import { AppError } from "@/server/errors";
import { logger } from "@/server/logger";
import { countLinkUse, unsubscribeFromTopic } from "@/server/services/topics/unsubscribe";
import type { InboundMessage, UnsubscribeDestination } from "../inbound-message";

export async function handleUnsubscribeMail(message: InboundMessage, destinations: UnsubscribeDestination[]): Promise<void> {
  const log = logger().child({ listener: "mx", session: message.sessionId });
  for (const { token, target } of destinations) {
    try {
      await countLinkUse(token, message.remoteAddress);
      await unsubscribeFromTopic(target, "mailto");
    } catch (error) {
      if (!(error instanceof AppError && error.code === "rate_limited")) throw error;
      log.info({ messageId: target.messageId }, "unsubscribe mail over its link's limit: dropped");
    }
  }
}
