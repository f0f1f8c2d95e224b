"use client";
// What each keyboard shortcut does in the mail view (the keys and the rules
// for when they are on: mail-shortcuts.ts).
import type { ComposeKind, Original } from "@/features/mail-compose/compose-prefill";
import type { MailboxMessageDetail } from "@/shared/schemas/mailbox-messages";
import type { MessageActions } from "../actions/use-message-actions";
import type { ThreadRow } from "../message-list/threads";
import { type MailShortcut, useMailShortcuts } from "./mail-shortcuts";

type MailViewShortcutsOptions = {
  rows: ThreadRow[];
  /** The open message's id. */
  reading: string | null;
  /** The open message once it has loaded, else null. */
  detail: MailboxMessageDetail | null;
  actions: MessageActions;
  open: (messageId: string) => void;
  startCompose: (kind: ComposeKind, original: Original | null) => void;
  focusSearch: () => void;
  showHelp: () => void;
};

export function useMailViewShortcuts({
  rows,
  reading,
  detail,
  actions,
  open,
  startCompose,
  focusSearch,
  showHelp,
}: MailViewShortcutsOptions) {
  /** j and k move row by row, opening each conversation's newest message. */
  const step = (by: 1 | -1) => {
    if (rows.length === 0) return;
    const index = rows.findIndex((row) => row.messages.some((item) => item.id === reading));
    const next = index === -1 ? 0 : Math.min(rows.length - 1, Math.max(0, index + by));
    open(rows[next]!.latest.id);
  };

  useMailShortcuts((action: MailShortcut) => {
    switch (action) {
      case "compose":
        startCompose("new", null);
        return true;
      case "reply":
      case "replyAll":
      case "forward":
        if (detail) startCompose(action, detail);
        return detail !== null;
      case "archive":
      case "delete":
        if (detail) (action === "archive" ? actions.archive : actions.requestDelete)(detail);
        return detail !== null;
      case "next":
      case "previous":
        step(action === "next" ? 1 : -1);
        return true;
      case "search":
        focusSearch();
        return true;
      case "help":
        showHelp();
        return true;
    }
  });
}
