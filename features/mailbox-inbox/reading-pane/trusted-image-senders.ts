"use client";
// Senders whose remote images the reader shows without asking, chosen by the
// reader ("Always from this sender"), kept in this browser only: the choice
// is about what this browser fetches, and a mail app over IMAP makes its own.
import { useCallback, useState } from "react";

const STORAGE_KEY = "ces-webmail-image-senders";
const MAX_SENDERS = 500;

function readSenders(): string[] {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? "[]");
    return Array.isArray(stored) ? stored.filter((entry): entry is string => typeof entry === "string") : [];
  } catch {
    return [];
  }
}

export function useTrustedImageSenders() {
  const [senders, setSenders] = useState<string[]>(() => (typeof window === "undefined" ? [] : readSenders()));
  const change = useCallback((address: string, trusted: boolean) => {
    const next = [...readSenders().filter((entry) => entry !== address), ...(trusted ? [address] : [])].slice(-MAX_SENDERS);
    try {
      window.localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    } catch {
      // Storage full or off: the choice holds for this visit.
    }
    setSenders(next);
  }, []);
  return { isTrusted: (address: string | null) => address !== null && senders.includes(address), change };
}
