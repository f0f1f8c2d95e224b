"use client";
import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False while rendering on the server and while hydrating that HTML, true
 * after (and for anything first rendered in the browser): text that depends on
 * the reader's time zone, locale or clock must match the server's until then.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
