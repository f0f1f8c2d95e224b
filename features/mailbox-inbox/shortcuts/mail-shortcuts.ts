"use client";
// The mail view's keyboard shortcuts, one list for the handler and the help
// dialog. They are off while typing in a field or the editor, with Ctrl, Alt
// or ⌘ held (the browser's own shortcuts), and while a dialog is open.
import { useEffect, useRef } from "react";

export const mailShortcuts = [
  { keys: ["c"], action: "compose", description: "Write a new message" },
  { keys: ["r"], action: "reply", description: "Reply to the open message" },
  { keys: ["a"], action: "replyAll", description: "Reply to all" },
  { keys: ["f"], action: "forward", description: "Forward" },
  { keys: ["e"], action: "archive", description: "Archive (to Trash when the mailbox has no Archive folder)" },
  { keys: ["#"], action: "delete", description: "Delete (to Trash)" },
  { keys: ["j"], action: "next", description: "Open the next (older) message" },
  { keys: ["k"], action: "previous", description: "Open the previous (newer) message" },
  { keys: ["/"], action: "search", description: "Search this folder" },
  { keys: ["?"], action: "help", description: "Show these shortcuts" },
] as const;

export type MailShortcut = (typeof mailShortcuts)[number]["action"];

const actionOfKey = new Map<string, MailShortcut>(mailShortcuts.flatMap(({ keys, action }) => keys.map((key) => [key, action] as const)));

const notForText = ["button", "checkbox", "radio", "submit", "reset", "file", "range", "color"];

/** Whether a key press belongs to what the user is typing in (a field, a list box, the editor), not to the page. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof target !== "object") return false;
  const element = target as { tagName?: string; type?: string; isContentEditable?: boolean };
  if (element.isContentEditable) return true;
  const tag = element.tagName?.toLowerCase();
  if (tag === "textarea" || tag === "select") return true;
  return tag === "input" && !notForText.includes(element.type ?? "text");
}

/** The shortcut a key press asks for, or null when it is not one or is not meant for the page. */
export function shortcutOf(event: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "altKey" | "target" | "defaultPrevented">) {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return null;
  if (typeof document !== "undefined" && document.querySelector("dialog[open]")) return null;
  return actionOfKey.get(event.key) ?? null;
}

export function useMailShortcuts(handle: (action: MailShortcut) => boolean) {
  // The latest handler, without adding and removing the listener on each render.
  const handler = useRef(handle);
  handler.current = handle;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const action = shortcutOf(event);
      if (action && handler.current(action)) event.preventDefault();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);
}
