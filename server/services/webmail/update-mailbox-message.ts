import type { ImapFlow } from "imapflow";
import { notFound } from "@/server/errors";
import { withMailboxSession } from "@/server/mail-store/dovecot/mailbox-reader";
import { folderOrThrow } from "@/server/services/webmail/folders";
import { locateMessage } from "@/server/services/webmail/locate-message";
import { fetchSummaries } from "@/server/services/webmail/message-summaries";
import { withSentDelivery } from "@/server/services/webmail/sent-delivery";
import { lessonOfMove, mayTeachSpamFilter, teachSpamFilter } from "@/server/services/webmail/teach-spam-filter";
import type { z } from "zod";
import type { updateMailboxMessageBody } from "@/shared/schemas/mailbox-messages";
import { getOwnMailboxOrThrow } from "@/server/services/mailboxes/own-mailbox";

type Update = z.infer<typeof updateMailboxMessageBody>;

async function setFlag(client: ImapFlow, uid: number, flag: string, on: boolean | undefined) {
  if (on === true) await client.messageFlagsAdd(String(uid), [flag], { uid: true });
  if (on === false) await client.messageFlagsRemove(String(uid), [flag], { uid: true });
}

/**
 * Sets read and flagged, then moves it when asked (its id stays); answers the message as it is now, and
 * whether the move taught the spam filter (into Junk: spam; out of it: ham; docs/webmail.md).
 */
export async function updateMailboxMessage(accountId: string, mailboxId: string, messageId: string, update: Update) {
  const mailbox = await getOwnMailboxOrThrow(accountId, mailboxId);
  const { summary, lesson } = await withMailboxSession(mailbox, async (client) => {
    const destination = update.folder === undefined ? null : await folderOrThrow(client, update.folder);
    let { folder, uid } = await locateMessage(client, messageId);
    await setFlag(client, uid, "\\Seen", update.seen);
    await setFlag(client, uid, "\\Flagged", update.flagged);
    let lesson: { kind: "spam" | "ham"; raw: Buffer } | null = null;
    if (destination && destination.name !== folder.name) {
      const kind = lessonOfMove(folder, destination);
      const moved = await client.messageMove(String(uid), destination.name, { uid: true });
      const newUid = moved ? moved.uidMap?.get(uid) : undefined;
      if (!newUid) throw notFound("Message");
      await client.mailboxOpen(destination.name);
      folder = destination;
      uid = newUid;
      if (kind && (await mayTeachSpamFilter({ accountId, mailboxId }))) {
        const message = await client.fetchOne(String(uid), { uid: true, source: true }, { uid: true });
        if (message !== false && message.source) lesson = { kind, raw: message.source };
      }
    }
    const [summary] = await fetchSummaries(client, folder, [uid]);
    if (!summary) throw notFound("Message");
    return { summary, lesson };
  });
  // After the IMAP session: the move stands whatever rspamd answers.
  const learned = lesson ? await teachSpamFilter(lesson.kind, lesson.raw, { accountId, mailboxId }) : null;
  const [withDelivery] = await withSentDelivery(accountId, [summary]);
  return { ...withDelivery!, learned };
}
