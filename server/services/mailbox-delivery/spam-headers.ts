// The spam verdict as header fields on a mailbox's copy (docs/spam-and-rules.md,
// "What a message carries"). `X-Spam-Folder: Junk` is what the mail store's
// Sieve step files into Junk (server/mail-store/dovecot/spam-sieve.ts); it is
// written only for a mailbox whose action is `junk`. Every X-Spam* field the
// sender wrote was removed before (server/message-format/trace-headers.ts).
import type { SpamVerdict } from "@/server/spam-filter/check-message";
import { JUNK_FOLDER_HEADER } from "@/server/spam-filter/junk-header";

const SYMBOLS_SHOWN = 12;

export type MailboxSpamOutcome =
  /** Scored: spam or not, per rspamd; `junk` files spam into Junk. */
  | { kind: "scored"; verdict: SpamVerdict; isSpam: boolean; junk: boolean }
  /** Not asked: the mailbox's filtering is off or the sender is on its allow list. */
  | { kind: "skipped"; reason: "allow-listed" | "filtering off" }
  /** rspamd could not answer. */
  | { kind: "unchecked" };

const score = (value: number) => value.toFixed(2);

export function spamHeaders(outcome: MailboxSpamOutcome): string[] {
  if (outcome.kind === "unchecked") return ["X-Spam-Status: Unchecked (the spam filter was unavailable)"];
  if (outcome.kind === "skipped") return [`X-Spam-Status: No (${outcome.reason})`];
  const { verdict, isSpam, junk } = outcome;
  const symbols = verdict.symbols
    .slice(0, SYMBOLS_SHOWN)
    .map((symbol) => `${symbol.name.replace(/[^\w.-]/g, "")}(${score(symbol.score)})`)
    .join(" ");
  return [
    ...(isSpam ? ["X-Spam: Yes"] : []),
    `X-Spam-Status: ${isSpam ? "Yes" : "No"}, score=${score(verdict.score)} required=${score(verdict.requiredScore)} action=${verdict.action}`,
    ...(symbols ? [`X-Spam-Symbols: ${symbols}`] : []),
    ...(isSpam && junk ? [`${JUNK_FOLDER_HEADER}: Junk`] : []),
  ];
}
