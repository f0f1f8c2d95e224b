// Teaches rspamd's Bayes classifier one message (POST /learnspam or /learnham
// on its controller worker; docs/spam-and-rules.md, "Teaching the filter"),
// into the statistics of the account it belongs to (statistics-user.ts).
// rspamd answers 208 for a message it already learned as that class: still
// taught. Any other answer is a failure the caller logs; it never fails the move.
import { STATISTICS_USER_HEADER, statisticsUser } from "./statistics-user";

export type LearnKind = "spam" | "ham";

export type LearnOutcome = { taught: true } | { taught: false; reason: string };

export async function learnMessage(
  controller: { url: string; password: string | null },
  kind: LearnKind,
  raw: Buffer,
  accountId: string,
  timeoutMs: number,
): Promise<LearnOutcome> {
  const headers = new Headers({ "Content-Type": "message/rfc822", [STATISTICS_USER_HEADER]: statisticsUser(accountId) });
  if (controller.password) headers.set("Password", controller.password);
  try {
    const response = await fetch(new URL(kind === "spam" ? "/learnspam" : "/learnham", controller.url), {
      method: "POST",
      headers,
      body: new Uint8Array(raw),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = (await response.text()).slice(0, 300);
    if (response.status === 200 || response.status === 208) return { taught: true };
    return { taught: false, reason: `rspamd answered ${response.status}: ${text}` };
  } catch (error) {
    return { taught: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
