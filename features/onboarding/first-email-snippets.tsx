"use client";
// Shown with a new API key's secret: the request that sends the test email
// with it, as curl and as Node, ready to paste.
import { useState } from "react";
import { CopyButton } from "@/components/copy-button";
import { curlSnippet, nodeSnippet } from "./test-email";
import { useTestSender } from "./use-test-sender";

const languages = { curl: "curl", node: "Node.js" } as const;

export function FirstEmailSnippets({ secret }: { secret: string }) {
  const sender = useTestSender();
  const [language, setLanguage] = useState<keyof typeof languages>("curl");
  if (!sender.data) return null;
  const apiBase = window.location.origin;
  const snippet = language === "curl" ? curlSnippet(apiBase, secret, sender.data) : nodeSnippet(apiBase, secret, sender.data);
  return (
    <section aria-labelledby="first-email-title" className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="first-email-title" className="text-sm font-medium text-zinc-900 dark:text-white">
          Send a test email with it
        </h3>
        <div role="group" aria-label="Example language" className="flex gap-1">
          {(Object.keys(languages) as (keyof typeof languages)[]).map((key) => (
            <button
              key={key}
              type="button"
              aria-pressed={language === key}
              onClick={() => setLanguage(key)}
              className="rounded-md px-2 py-1 text-xs font-medium text-zinc-600 aria-pressed:bg-zinc-200 aria-pressed:text-zinc-900 dark:text-zinc-400 dark:aria-pressed:bg-zinc-700 dark:aria-pressed:text-white"
            >
              {languages[key]}
            </button>
          ))}
        </div>
      </div>
      <pre
        tabIndex={0}
        aria-label={`${languages[language]} example`}
        data-testid="first-email-snippet"
        className="max-h-56 overflow-auto rounded-lg bg-zinc-950 p-3 font-mono text-xs leading-relaxed text-zinc-100"
      >
        <code>{snippet}</code>
      </pre>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          {sender.data.emailProven
            ? `It sends from our test sender to ${sender.data.to}, the only address it writes to.`
            : `Confirm ${sender.data.to} first (the dashboard's first step), or the API answers 403.`}
        </p>
        <CopyButton text={snippet} label={`Copy ${languages[language]} example`} />
      </div>
    </section>
  );
}
