"use client";
// Who is signed in to the portal, for client components (the header, the
// deletion banner). The root layout reads the cookie on the server and hands
// the email down, so the first paint is right; after a sign-in (or a sign-out
// that stays on the page) the cookie changes without a new server render of
// the layout, so the provider asks next-auth's /api/auth/session once, as
// next-auth's own SessionProvider would, without bringing its ≈ 10 kB client
// to every page.
import { createContext, useContext, useEffect, useState } from "react";

export const PORTAL_SESSION_CHANGED = "portal-session-changed";
// next-auth's own cross-tab channel: its signOut writes this localStorage key,
// and so do we after a sign-in, so other open tabs update their header too.
const OTHER_TABS_KEY = "nextauth.message";

const SignedInEmail = createContext<string | null>(null);

/** Tell the provider (and the provider in other tabs) the portal cookie was just set or cleared. */
export function announcePortalSessionChange(): void {
  window.dispatchEvent(new Event(PORTAL_SESSION_CHANGED));
  try {
    localStorage.setItem(
      OTHER_TABS_KEY,
      JSON.stringify({ event: "session", data: { trigger: "getSession" }, timestamp: Math.floor(Date.now() / 1000) }),
    );
  } catch {
    // Storage refused (private mode): other tabs learn it on their next API call.
  }
}

async function readSessionEmail(): Promise<string | null | undefined> {
  try {
    const response = await fetch("/api/auth/session", { cache: "no-store", credentials: "same-origin" });
    if (!response.ok) return undefined;
    const session = (await response.json()) as { user?: { email?: unknown } } | null;
    return typeof session?.user?.email === "string" ? session.user.email : null;
  } catch {
    return undefined; // Unknown: keep what we have.
  }
}

export function PortalSessionProvider({ email, children }: { email: string | null; children: React.ReactNode }) {
  const [current, setCurrent] = useState(email);
  // A new server render of the layout (router.refresh) brings the cookie's word.
  const [fromServer, setFromServer] = useState(email);
  if (email !== fromServer) {
    setFromServer(email);
    setCurrent(email);
  }

  useEffect(() => {
    const onChange = () => void readSessionEmail().then((next) => next !== undefined && setCurrent(next));
    const onStorage = (event: StorageEvent) => {
      if (event.key === OTHER_TABS_KEY && event.newValue?.includes('"event":"session"')) onChange();
    };
    window.addEventListener(PORTAL_SESSION_CHANGED, onChange);
    window.addEventListener("storage", onStorage);
    return () => {
      window.removeEventListener(PORTAL_SESSION_CHANGED, onChange);
      window.removeEventListener("storage", onStorage);
    };
  }, []);

  return <SignedInEmail.Provider value={current}>{children}</SignedInEmail.Provider>;
}

/** The signed-in email per the portal cookie, or null when signed out. */
export const useSignedInEmail = (): string | null => useContext(SignedInEmail);
