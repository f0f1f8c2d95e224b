"use client";
// What GET /auth/me says, for the header (menu, navigation, deletion banner),
// without react-query in the code every page loads: account-sync.tsx runs the
// query after hydration and writes its outcome here.
import { useSyncExternalStore } from "react";
import type { Me } from "@/shared/schemas/account";

export type MeState = {
  details?: Me;
  /** The BFF answered 401 and cleared the cookie: the API ended this session. */
  hasEnded: boolean;
};

const unknown: MeState = { hasEnded: false };
let state = unknown;
const listeners = new Set<() => void>();

export function setMeState(next: MeState): void {
  if (next.details === state.details && next.hasEnded === state.hasEnded) return;
  state = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

export const useMeState = (): MeState =>
  useSyncExternalStore(
    subscribe,
    () => state,
    () => unknown,
  );
