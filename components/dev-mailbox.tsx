"use client";
// Where this deployment's emails can be read without a real inbox: the dev
// mailbox (/dev/mail), outside production with the `file` transport only. The
// signed-in layout reads that on the server (it knows APP_ENV and
// EMAIL_TRANSPORT; the browser does not) and hands it down here.
import Link from "next/link";
import { createContext, useContext } from "react";

const DevMailboxContext = createContext(false);

export function DevMailboxProvider({ isAvailable, children }: { isAvailable: boolean; children: React.ReactNode }) {
  return <DevMailboxContext.Provider value={isAvailable}>{children}</DevMailboxContext.Provider>;
}

/** "Open the dev mailbox" where there is one; nothing in production. */
export function DevMailboxHint({ className = "" }: { className?: string }) {
  if (!useContext(DevMailboxContext)) return null;
  return (
    <p className={`text-sm text-zinc-600 dark:text-zinc-400 ${className}`}>
      Development: emails are not delivered; they are in the{" "}
      <Link href="/dev/mail" target="_blank" className="font-medium text-indigo-700 underline underline-offset-2 dark:text-indigo-300">
        dev mailbox
        <span className="sr-only"> (opens in a new tab)</span>
      </Link>
      .
    </p>
  );
}
