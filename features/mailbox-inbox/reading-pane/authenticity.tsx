// What our MX found about a received message's sender (its
// Authentication-Results header): SPF, DKIM and DMARC, each a pill that says
// its result in words; the header itself on request.
import { Badge, type BadgeTone } from "@/components/badge";
import type { MailboxMessageDetail } from "@/shared/schemas/mailbox-messages";

const toneOf = (result: string | null): BadgeTone =>
  result === "pass" ? "success" : result === "fail" || result === "permerror" ? "danger" : result ? "warning" : "neutral";

export function Authenticity({ results }: { results: MailboxMessageDetail["authenticationResults"] }) {
  if (!results) return <p className="text-sm text-zinc-500 dark:text-zinc-400">No sender authentication results recorded.</p>;
  return (
    <div className="space-y-2">
      <ul aria-label="Sender authentication" className="flex flex-wrap gap-2">
        {(["spf", "dkim", "dmarc"] as const).map((method) => (
          <li key={method}>
            <Badge tone={toneOf(results[method])}>
              {method.toUpperCase()} {results[method] ?? "none"}
            </Badge>
          </li>
        ))}
      </ul>
      <details className="text-sm">
        <summary className="cursor-pointer text-zinc-600 dark:text-zinc-400">Authentication-Results</summary>
        <pre className="mt-2 whitespace-pre-wrap break-all text-xs text-zinc-600 dark:text-zinc-400">{results.header}</pre>
      </details>
    </div>
  );
}
