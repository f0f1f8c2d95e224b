// The spam verdict our MX wrote on a stored message (X-Spam-Status and
// X-Spam-Symbols: docs/spam-and-rules.md, "What a message carries"), read
// back for the reader. The sender's own X-Spam* fields were removed on the
// way in, so the fields found are ours.
import type { MailboxMessageDetail } from "@/shared/schemas/mailbox-messages";

type HeaderLine = { key: string; line: string };

const headerValue = (lines: readonly HeaderLine[], key: string) => {
  const line = lines.find((header) => header.key === key)?.line;
  return line === undefined
    ? null
    : line
        .replace(/^[^:]*:\s*/, "")
        .replace(/\r?\n\s+/g, " ")
        .trim();
};

const numberIn = (text: string, name: string) => {
  const match = new RegExp(`\\b${name}=(-?\\d+(?:\\.\\d+)?)`).exec(text);
  return match ? Number(match[1]) : null;
};

/** `NAME(1.50) OTHER(-0.20)` → name and score of each. */
function symbolsOf(text: string | null): { name: string; score: number }[] {
  if (!text) return [];
  return [...text.matchAll(/([\w.-]+)\((-?\d+(?:\.\d+)?)\)/g)].slice(0, 12).map((match) => ({ name: match[1]!, score: Number(match[2]) }));
}

export function spamVerdictOf(lines: readonly HeaderLine[]): MailboxMessageDetail["spam"] {
  const status = headerValue(lines, "x-spam-status");
  if (status === null) return null;
  const verdict = /^yes\b/i.test(status) ? "spam" : /^no\b/i.test(status) ? "not_spam" : "unchecked";
  return {
    verdict,
    score: numberIn(status, "score"),
    requiredScore: numberIn(status, "required"),
    note: /\(([^)]{1,100})\)/.exec(status)?.[1] ?? null,
    symbols: symbolsOf(headerValue(lines, "x-spam-symbols")),
  };
}
