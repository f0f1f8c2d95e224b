// "A code was emailed to this address" survives a reload of the tab: without
// it the code field would vanish, and asking for a new code would kill the
// one already read. sessionStorage, so it is this tab's alone and ends with it;
// it holds no secret (the time the code was sent), and is forgotten once the
// code can no longer work (10 minutes, docs/email-and-two-factor.md).

const STORAGE_KEY = "ces-email-confirmation";
const CODE_LIFETIME_MS = 10 * 60_000;

type Pending = { email: string; sentAt: number };

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null; // storage blocked: the step lasts as long as the page
  }
}

/** When a code was sent to this address in this tab, if it may still work. */
export function readPendingConfirmation(email: string, now = Date.now()): number | null {
  try {
    const pending = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? "null") as Pending | null;
    if (!pending || pending.email !== email || typeof pending.sentAt !== "number") return null;
    return now - pending.sentAt < CODE_LIFETIME_MS ? pending.sentAt : null;
  } catch {
    return null;
  }
}

export function savePendingConfirmation(email: string, sentAt: number): void {
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify({ email, sentAt } satisfies Pending));
  } catch {
    // full or blocked: nothing to keep
  }
}

export function clearPendingConfirmation(): void {
  try {
    storage()?.removeItem(STORAGE_KEY);
  } catch {
    // nothing was kept
  }
}
