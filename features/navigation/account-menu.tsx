"use client";

import Link from "next/link";
import { signOut } from "@/features/auth/next-auth-client";
import { usePathname } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { useAccount } from "@/features/account/use-account";
import { buttonClass } from "@/components/button-styles";
import { Spinner } from "@/components/spinner";
import { AccountSwitcher } from "@/features/teams/account-switcher";
import type { Me } from "@/shared/schemas/account";

/** The header's account corner: sign-in links, or who is signed in with a way out. */
export function AccountMenu() {
  const account = useAccount();
  if (account.status === "signed-out") {
    return (
      <div className="flex items-center gap-1.5">
        <Link href="/sign-in" className={buttonClass("ghost", "sm")}>
          Sign in
        </Link>
        {/* At every width: a newcomer on a phone signs up from here too (a shorter word where room is short). */}
        <Link href="/sign-up" className={`${buttonClass("primary", "sm")} whitespace-nowrap`}>
          <span className="sm:hidden">Sign up</span>
          <span className="hidden sm:inline">Create account</span>
        </Link>
      </div>
    );
  }
  return <SignedInMenu email={account.email} details={account.details} />;
}

/**
 * A disclosure (button + panel): Escape or a click elsewhere closes it, and so does navigating.
 * It names who is signed in (and the account they act in, in a team), switches accounts and signs out;
 * the account's pages are in the primary navigation only.
 */
function SignedInMenu({ email, details }: { email: string; details: Me | undefined }) {
  // In a team, the menu names the signed-in person and, below, the account they act in.
  const inTeam = details ? details.actor.id !== details.id : false;
  const personEmail = details?.actor.email ?? email;
  const name = inTeam ? null : (details?.name ?? null);
  const teamLabel = inTeam ? (details!.name ?? details!.email) : null;
  const buttonLabel = teamLabel ?? personEmail;
  const [isOpen, setIsOpen] = useState(false);
  const [isSigningOut, setIsSigningOut] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const pathname = usePathname();

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every navigation, so keyed on the path it does not read
  useEffect(() => setIsOpen(false), [pathname]);

  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setIsOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [isOpen]);

  async function handleSignOut() {
    setIsSigningOut(true);
    await signOut({ callbackUrl: "/" });
  }

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((open) => !open)}
        className="flex items-center gap-2 rounded-full border border-zinc-200 bg-white py-0.5 pr-2.5 pl-0.5 text-sm font-medium text-zinc-700 transition-colors hover:bg-zinc-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-200 dark:hover:bg-zinc-800"
      >
        <span
          aria-hidden="true"
          className="flex size-7 items-center justify-center rounded-full bg-indigo-600 text-xs font-semibold text-white uppercase dark:bg-indigo-500"
        >
          {buttonLabel.charAt(0)}
        </span>
        <span className="sr-only">Account: </span>
        <span className="hidden max-w-[14rem] truncate lg:inline">{buttonLabel}</span>
        <span className="sr-only lg:hidden">{buttonLabel}</span>
        <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-4 text-zinc-400">
          <path
            fillRule="evenodd"
            d="M5.22 8.22a.75.75 0 0 1 1.06 0L10 11.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 9.28a.75.75 0 0 1 0-1.06Z"
            clipRule="evenodd"
          />
        </svg>
      </button>
      <div
        id={panelId}
        hidden={!isOpen}
        className="absolute right-0 z-50 mt-2 w-64 origin-top-right rounded-xl border border-zinc-200 bg-white p-1.5 shadow-lg shadow-zinc-900/10 dark:border-zinc-800 dark:bg-zinc-900 dark:shadow-black/40"
      >
        <div className="px-2.5 pt-1.5 pb-2">
          <p className="text-xs text-zinc-500 dark:text-zinc-400">Signed in as</p>
          {name ? (
            <p className="truncate text-sm font-medium text-zinc-900 dark:text-white" data-testid="account-name">
              {name}
            </p>
          ) : null}
          <p
            className={`truncate text-sm ${name ? "text-zinc-600 dark:text-zinc-400" : "font-medium text-zinc-900 dark:text-white"}`}
            data-testid="account-email"
          >
            {personEmail}
          </p>
          {teamLabel ? (
            <p className="mt-1.5 text-xs text-zinc-500 dark:text-zinc-400" data-testid="acting-in">
              Acting in <span className="font-medium text-zinc-800 dark:text-zinc-200">{teamLabel}</span> as {details!.role}
            </p>
          ) : null}
        </div>
        <AccountSwitcher isOpen={isOpen} actingAccountId={details?.id} itemClass={menuItemClass} />
        <div className="my-1 h-px bg-zinc-200 dark:bg-zinc-800" />
        <button type="button" onClick={handleSignOut} disabled={isSigningOut} className={menuItemClass}>
          {isSigningOut ? <Spinner className="size-3.5" /> : null}
          Sign out
        </button>
      </div>
    </div>
  );
}

const menuItemClass =
  "flex w-full items-center gap-2 rounded-lg px-2.5 py-2 text-left text-sm text-zinc-700 transition-colors hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:opacity-60 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-white";
