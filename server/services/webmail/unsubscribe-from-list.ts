// POST /mailboxes/{mailbox_id}/messages/{message_id}/unsubscribe (docs/consent.md,
// "Leaving a list from the webmail"): the reader leaves the list a received
// message came from, the way its List-Unsubscribe says. A one-click https
// link gets RFC 8058's POST from the server (the relays' rules for where it
// may connect: server/outbound/one-click-post.ts); a mailto address gets an
// unsubscribe email from the mailbox through the sending pipeline. Each is
// counted against the account before it is made, and recorded in the feed
// as `mailbox.unsubscribed`.
import { db } from "@/server/db/client";
import { mailboxEvents } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { withMailboxSession } from "@/server/mail-store/dovecot/mailbox-reader";
import { headerFields, splitHeaderBlock } from "@/server/message-format/header-block";
import { type UnsubscribeOption, unsubscribeOptionOf } from "@/server/message-format/list-unsubscribe";
import { postOneClick } from "@/server/outbound/one-click-post";
import type { SendingPrincipal } from "@/server/services/auth/sending-principal";
import { getOwnMailboxOrThrow } from "@/server/services/mailboxes/own-mailbox";
import { sendMessage } from "@/server/services/messages/send-message";
import { hitRateLimits, rateLimitedError } from "@/server/services/rate-limit/consume-rate-limit";
import { policy } from "@/server/services/rate-limit/policies";
import type { z } from "zod";
import type { unsubscribeResultSchema } from "@/shared/schemas/mailbox-messages";
import { locateMessage } from "./locate-message";

type UnsubscribeResult = z.infer<typeof unsubscribeResultSchema>;

/** The message's unsubscribe option and sender, read from its header block alone. */
async function optionOf(mailbox: { id: string; address: string }, messageId: string) {
  return withMailboxSession(mailbox, async (client) => {
    const { uid } = await locateMessage(client, messageId);
    const fetched = await client.fetchOne(String(uid), { uid: true, headers: true }, { uid: true });
    const header = fetched === false || !fetched.headers ? "" : splitHeaderBlock(fetched.headers.toString("latin1")).header;
    const lines = headerFields(header).map((field) => ({ key: field.name, line: field.lines.join("\r\n") }));
    const from =
      lines
        .find((line) => line.key === "from")
        ?.line.replace(/^[^:]*:\s*/, "")
        .slice(0, 300) ?? null;
    return { option: unsubscribeOptionOf(lines), from };
  });
}

async function countUnsubscribe(accountId: string): Promise<void> {
  const [state] = await hitRateLimits([{ policy: policy("listUnsubscribesPerAccount"), subject: accountId }]);
  if (state!.limited) throw rateLimitedError(state!, "Too many unsubscribe requests from this account. Please wait a little.");
}

async function perform(
  principal: SendingPrincipal,
  mailboxAddress: string,
  option: Exclude<UnsubscribeOption, null>,
): Promise<UnsubscribeResult> {
  if ("url" in option) {
    const outcome = await postOneClick(option.url);
    const host = new URL(option.url).host;
    if (!outcome.ok) throw new AppError("unsubscribe_failed", `${host} did not take the unsubscribe request: ${outcome.reason}.`);
    return { method: "one_click", target: host, messageId: null };
  }
  const { message } = await sendMessage(principal, {
    input: {
      from: mailboxAddress,
      to: [option.mailto],
      subject: "Unsubscribe",
      text: "Please unsubscribe this address from your list.",
      trackOpens: false,
      trackClicks: false,
    },
    idempotencyKey: null,
    source: "webmail",
  });
  return { method: "mailto", target: option.mailto.toLowerCase(), messageId: message.id };
}

export async function unsubscribeFromList(principal: SendingPrincipal, mailboxId: string, messageId: string): Promise<UnsubscribeResult> {
  const mailbox = await getOwnMailboxOrThrow(principal.accountId, mailboxId);
  const { option, from } = await optionOf(mailbox, messageId);
  if (!option) throw new AppError("conflict", "This message names no way to unsubscribe (it has no List-Unsubscribe link).");
  await countUnsubscribe(principal.accountId);
  const result = await perform(principal, mailbox.address, option);
  await db()
    .insert(mailboxEvents)
    .values({ mailboxId: mailbox.id, type: "unsubscribed", detail: { from, method: result.method, target: result.target } });
  return result;
}
