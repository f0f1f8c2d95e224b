"use client";
// The mail view's compose dialog: what it opens with (a new message, a reply,
// a forward, a draft continued) and, after a send, the notice that says where
// to follow the message.
import { useState } from "react";
import type { SentMessage } from "@/features/mail-compose/compose-dialog";
import { type ComposeKind, type ComposeStart, composeStart, type Original } from "@/features/mail-compose/compose-prefill";
import { useSenderAddresses } from "@/features/mail-compose/use-sender-addresses";
import type { MailboxFolder } from "@/shared/schemas/mailbox-folders";
import type { ShownNotice } from "./actions/mail-notice";
import { folderOfUse } from "./folders/folder-labels";
import { mailHref } from "./mail-href";

type MailComposeOptions = {
  mailboxId: string;
  address: string;
  folders: MailboxFolder[] | undefined;
  onNotice: (notice: ShownNotice | null) => void;
  /** A draft sent is gone from Drafts. */
  onDraftGone: (draftId: string) => void;
};

export function useMailCompose({ mailboxId, address, folders, onNotice, onDraftGone }: MailComposeOptions) {
  const [start, setStart] = useState<ComposeStart | null>(null);
  const senders = useSenderAddresses(address);
  const sent = folderOfUse(folders, "sent");

  const open = (kind: ComposeKind, original: Original | null) => {
    onNotice(null);
    setStart(composeStart(kind, original, senders));
  };

  const onSent = (result: SentMessage, draftId: string | undefined) => {
    setStart(null);
    // The draft it came from is gone.
    if (draftId) onDraftGone(draftId);
    const recipients = [...result.to, ...result.cc, ...result.bcc].join(", ");
    onNotice({
      text: `Sent “${result.subject}” to ${recipients}.`,
      follow: {
        sentHref: sent && result.sentCopyId ? mailHref(mailboxId, { folder: sent.name, message: result.sentCopyId }) : null,
        messageHref: `/messages/${encodeURIComponent(result.id)}`,
      },
      at: Date.now(),
    });
  };

  return { start, senders, open, close: () => setStart(null), onSent };
}
