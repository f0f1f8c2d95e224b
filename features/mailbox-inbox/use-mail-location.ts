"use client";
// Which pane the mail view shows and which message is open live in its
// address (docs/webmail.md, "In the portal"), so the browser's Back steps
// back a pane (message → list → folders), and Forward and reload return.
// A step forward pushes a history entry marked as the view's own; a step
// back over such an entry is the browser's Back, so Forward still works.
// Next.js keeps its own state in each entry and follows the address.
import { useSearchParams } from "next/navigation";
import { mailHref } from "./mail-href";

const OWN_STEP = "mailViewStep";

const isOwnStep = () => (window.history.state as Record<string, unknown> | null)?.[OWN_STEP] === true;
/** A parameter of the address as it is now (the hook's render may be a step behind). */
const currentParam = (name: "message" | "pane") => new URLSearchParams(window.location.search).get(name);

export function useMailLocation(mailboxId: string, folder: string) {
  const search = useSearchParams();
  const message = search.get("message") || null;
  const showFolders = message === null && search.get("pane") === "folders";

  const push = (url: string) => window.history.pushState({ [OWN_STEP]: true }, "", url);
  const replace = (url: string) => window.history.replaceState({ [OWN_STEP]: isOwnStep() }, "", url);
  const list = () => mailHref(mailboxId, { folder });
  /** Back to the folder's list: the browser's Back over a step of ours, else the same entry without it. */
  const backToList = () => (isOwnStep() ? window.history.back() : replace(list()));

  return {
    message,
    showFolders,
    /** From the list a step forward; from another message (j, k, the conversation) in its place. */
    openMessage: (id: string) => (currentParam("message") ? replace : push)(mailHref(mailboxId, { folder, message: id })),
    closeMessage: backToList,
    /** The open message is gone (deleted, moved, sent as a draft): the list, with no step to go back over. */
    forgetMessage: (id: string) => {
      if (currentParam("message") === id) replace(list());
    },
    /** A draft saved again has a new id. */
    renameMessage: (from: string, to: string) => {
      if (currentParam("message") === from) replace(mailHref(mailboxId, { folder, message: to }));
    },
    openFolders: () => push(mailHref(mailboxId, { folder, pane: "folders" })),
    closeFolders: () => {
      if (currentParam("pane") === "folders") backToList();
    },
  };
}
