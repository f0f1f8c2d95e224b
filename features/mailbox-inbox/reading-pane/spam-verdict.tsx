// What the spam filter said about a message (the X-Spam fields our MX wrote,
// read back by the API): spam or not, the score against the threshold, and
// the rules that weighed most.
import { Badge } from "@/components/badge";
import type { MailboxMessageDetail } from "@/shared/schemas/mailbox-messages";

const SYMBOLS_SHOWN = 6;

const signed = (score: number) => `${score > 0 ? "+" : ""}${score.toFixed(2)}`;

function headline(spam: NonNullable<MailboxMessageDetail["spam"]>): string {
  if (spam.verdict === "unchecked") return "Not checked for spam: the spam filter was unavailable when it arrived.";
  const judged = spam.verdict === "spam" ? "Judged spam" : "Not judged spam";
  if (spam.score === null) return spam.note ? `${judged} (${spam.note}).` : `${judged}.`;
  const threshold = spam.requiredScore === null ? "" : ` (spam from ${spam.requiredScore.toFixed(2)})`;
  return `${judged}: score ${spam.score.toFixed(2)}${threshold}.`;
}

export function SpamVerdict({ spam }: { spam: MailboxMessageDetail["spam"] }) {
  if (!spam) return <p className="text-sm text-zinc-600 dark:text-zinc-400">No spam filter verdict recorded.</p>;
  const symbols = spam.symbols.slice(0, SYMBOLS_SHOWN);
  return (
    <section aria-label="Spam filter verdict" className="space-y-2 text-sm">
      <p className="text-zinc-700 dark:text-zinc-300">
        <Badge tone={spam.verdict === "spam" ? "danger" : spam.verdict === "unchecked" ? "warning" : "success"}>
          {spam.verdict === "spam" ? "Spam" : spam.verdict === "unchecked" ? "Unchecked" : "Not spam"}
        </Badge>{" "}
        {headline(spam)}
      </p>
      {symbols.length > 0 ? (
        <ul aria-label="Main spam rules matched" className="flex flex-wrap gap-2">
          {symbols.map((symbol) => (
            <li key={symbol.name}>
              <Badge tone={symbol.score > 0 ? "warning" : "neutral"}>
                <span className="font-mono">{symbol.name}</span> {signed(symbol.score)}
              </Badge>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
