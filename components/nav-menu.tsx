"use client";

import { usePathname } from "next/navigation";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type RefObject } from "react";

// Below the lg breakpoint the primary navigation hides behind the header's
// menu button. The button and the navigation sit in different parts of the
// page (header, sidebar), so the open state lives here, between them.

type NavMenu = {
  isOpen: boolean;
  toggle: () => void;
  close: () => void;
  navId: string;
  buttonRef: RefObject<HTMLButtonElement | null>;
  navRef: RefObject<HTMLElement | null>;
};

const NavMenuContext = createContext<NavMenu | null>(null);

const NAV_ID = "primary-navigation";

export function NavMenuProvider({ children }: { children: React.ReactNode }) {
  const pathname = usePathname();
  // The page the menu was opened on: navigating anywhere else closes it without an effect.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const isOpen = openedOn === pathname;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const navRef = useRef<HTMLElement>(null);

  const close = useCallback(() => setOpenedOn(null), []);
  const toggle = useCallback(() => setOpenedOn((opened) => (opened === pathname ? null : pathname)), [pathname]);

  useEffect(() => {
    if (!isOpen) return;
    // Into the panel: the first link, so a keyboard user starts where the menu is.
    navRef.current?.querySelector<HTMLElement>("a[href]")?.focus();
    const isInside = (target: EventTarget | null) =>
      target instanceof Node && Boolean(navRef.current?.contains(target) || buttonRef.current?.contains(target));
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      close();
      buttonRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!isInside(event.target)) close();
    };
    // Tabbing out of the panel (past its last link, or back before the button) closes it,
    // so focus never lands on the page hidden beneath it.
    const onFocusIn = (event: FocusEvent) => {
      if (!isInside(event.target)) close();
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("focusin", onFocusIn);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("focusin", onFocusIn);
    };
  }, [isOpen, close]);

  const value = useMemo(() => ({ isOpen, toggle, close, navId: NAV_ID, buttonRef, navRef }), [isOpen, toggle, close]);
  return <NavMenuContext.Provider value={value}>{children}</NavMenuContext.Provider>;
}

export function useNavMenu(): NavMenu {
  const menu = useContext(NavMenuContext);
  if (!menu) throw new Error("useNavMenu needs a NavMenuProvider");
  return menu;
}

/** The header's menu button on phones and tablets: a disclosure for the primary navigation. */
export function NavMenuButton() {
  const { isOpen, toggle, navId, buttonRef } = useNavMenu();
  return (
    <button
      ref={buttonRef}
      type="button"
      aria-expanded={isOpen}
      aria-controls={navId}
      onClick={toggle}
      className="-ml-1.5 inline-flex size-9 shrink-0 items-center justify-center rounded-md text-zinc-600 transition-colors hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 lg:hidden dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-white"
    >
      <span className="sr-only">Menu</span>
      <svg
        width="20"
        height="20"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        aria-hidden="true"
      >
        {isOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
      </svg>
    </button>
  );
}
