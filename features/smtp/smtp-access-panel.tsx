"use client";
// /smtp: the settings a customer types into software that speaks SMTP, a key
// made for it in one click (shown once), and ready snippets.
import { useState } from "react";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { CodeBlock } from "@/components/code-block";
import { CopyButton } from "@/components/copy-button";
import { InlineCode } from "@/components/inline-code";
import { QueryState } from "@/components/query-state";
import { Note } from "@/components/note";
import { SecretOnceDialog } from "@/components/secret-once-dialog";
import { PortalApiError } from "@/features/api/portal-fetch";
import { useCreateApiKey } from "@/features/api-keys/use-api-keys";
import { formatMegabytes } from "@/shared/schemas/message-size";
import type { SmtpAccess } from "@/shared/schemas/smtp-access";
import { smtpSnippets } from "./smtp-snippets";
import { useSmtpAccess } from "./use-smtp-access";
import { PageHeader } from "@/components/page-header";

const securityLabel = { starttls: "STARTTLS", ssl_tls: "TLS (implicit)" } as const;

const cardClass = "rounded-xl border border-zinc-200 bg-white shadow-xs dark:border-zinc-800 dark:bg-zinc-900/60";

export function SmtpAccessPanel() {
  const access = useSmtpAccess();
  return (
    <div className="space-y-8">
      <PageHeader
        title="SMTP"
        description="Send from software that speaks SMTP: frameworks, content management systems, devices. Messages go through the same checks, signing and delivery as the API and appear under Messages."
      />
      <QueryState
        query={access}
        what="the SMTP settings"
        empty={<Note>SMTP access is turned off on this deployment. Send with the API instead.</Note>}
        isEmpty={(data) => data.ports.length === 0}
      >
        {(data) => (
          <>
            <ConnectionSettings access={data} />
            <Snippets access={data} />
          </>
        )}
      </QueryState>
    </div>
  );
}

function SettingRow({ label, value, copyLabel, hint }: { label: string; value: string; copyLabel?: string; hint?: string }) {
  return (
    <div className="flex flex-col gap-1 px-6 py-3.5 sm:flex-row sm:items-center sm:gap-4">
      <dt className="w-40 shrink-0 text-sm font-medium text-zinc-900 dark:text-white">{label}</dt>
      <dd className="flex min-w-0 flex-1 items-center justify-between gap-3 text-sm text-zinc-700 dark:text-zinc-300">
        <span className="min-w-0">
          <span className="font-mono break-all">{value}</span>
          {hint ? <span className="ml-2 text-xs text-zinc-500 dark:text-zinc-400">{hint}</span> : null}
        </span>
        {copyLabel ? <CopyButton text={value} ariaLabel={copyLabel} /> : null}
      </dd>
    </div>
  );
}

function ConnectionSettings({ access }: { access: SmtpAccess }) {
  const createKey = useCreateApiKey();
  const [secret, setSecret] = useState<string | null>(null);
  const failure =
    createKey.error instanceof PortalApiError
      ? createKey.error.message
      : createKey.error
        ? "We could not create the key. Try again."
        : null;

  return (
    <section aria-labelledby="smtp-settings" className={cardClass}>
      <h2
        id="smtp-settings"
        className="border-b border-zinc-200 px-6 py-4 text-base font-semibold text-zinc-900 dark:border-zinc-800 dark:text-white"
      >
        Connection settings
      </h2>
      <dl className="divide-y divide-zinc-200 dark:divide-zinc-800">
        <SettingRow label="Host" value={access.host} copyLabel="Copy host" />
        {access.ports.map((port) => (
          <SettingRow
            key={port.port}
            label={`Port (${securityLabel[port.security]})`}
            value={String(port.port)}
            copyLabel={`Copy ${securityLabel[port.security]} port`}
          />
        ))}
        <SettingRow label="Username" value={access.username} copyLabel="Copy username" />
        <div className="flex flex-col gap-3 px-6 py-3.5 sm:flex-row sm:items-center sm:gap-4">
          <dt className="w-40 shrink-0 text-sm font-medium text-zinc-900 dark:text-white">Password</dt>
          <dd className="flex min-w-0 flex-1 flex-col gap-3 text-sm text-zinc-700 sm:flex-row sm:items-center sm:justify-between dark:text-zinc-300">
            <span>An API key with sending access.</span>
            <Button
              size="sm"
              pending={createKey.isPending}
              onClick={() => createKey.mutate({ name: "SMTP", scope: "sending" }, { onSuccess: (key) => setSecret(key.secret) })}
            >
              {createKey.isPending ? "Creating…" : "Create an SMTP key"}
            </Button>
          </dd>
        </div>
      </dl>
      <div className="border-t border-zinc-200 px-6 py-4 dark:border-zinc-800">
        {failure ? <Alert className="mb-3">{failure}</Alert> : null}
        <p className="text-sm leading-6 text-zinc-600 dark:text-zinc-400">
          Up to {formatMegabytes(access.maxMessageBytes)} and {access.maxRecipients} recipients per message. The From address must be on one
          of your verified domains, or be the test sender (<InlineCode>{`onboarding@${access.host}`}</InlineCode>) writing to your own
          address. Optional headers <InlineCode>{access.controlHeaders.tags}: name=value</InlineCode>,{" "}
          <InlineCode>{access.controlHeaders.idempotencyKey}</InlineCode> and{" "}
          <InlineCode>{`${access.controlHeaders.topic}: top_…`}</InlineCode> set tags, make retries safe and mark mail of a topic (with its
          one-click unsubscribe); they are removed before sending.
        </p>
      </div>
      <SecretOnceDialog
        secret={secret}
        title="Copy your SMTP key"
        description="Use it as the SMTP password. This is the only time it is shown."
        copyLabel="Copy key"
        testId="smtp-key-secret"
        onClose={() => setSecret(null)}
      />
    </section>
  );
}

function Snippets({ access }: { access: SmtpAccess }) {
  const snippets = smtpSnippets(access);
  const [selected, setSelected] = useState(snippets[0]?.id);
  const current = snippets.find((snippet) => snippet.id === selected) ?? snippets[0];
  if (!current) return null;
  return (
    <section aria-labelledby="smtp-snippets" className="space-y-3">
      <h2 id="smtp-snippets" className="text-base font-semibold text-zinc-900 dark:text-white">
        Examples
      </h2>
      <div role="tablist" aria-label="Framework" className="flex flex-wrap gap-2">
        {snippets.map((snippet) => (
          <button
            key={snippet.id}
            type="button"
            role="tab"
            id={`snippet-tab-${snippet.id}`}
            aria-selected={snippet.id === current.id}
            aria-controls="snippet-panel"
            onClick={() => setSelected(snippet.id)}
            className={`rounded-full px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 ${
              snippet.id === current.id
                ? "bg-zinc-900 text-white dark:bg-white dark:text-zinc-900"
                : "bg-zinc-100 text-zinc-700 hover:bg-zinc-200 dark:bg-zinc-800 dark:text-zinc-300 dark:hover:bg-zinc-700"
            }`}
          >
            {snippet.title}
          </button>
        ))}
      </div>
      <div id="snippet-panel" role="tabpanel" aria-labelledby={`snippet-tab-${current.id}`} className="space-y-2">
        <CodeBlock title={current.title}>{current.code}</CodeBlock>
        <div className="flex justify-end">
          <CopyButton text={current.code} ariaLabel={`Copy the ${current.title} example`} />
        </div>
      </div>
    </section>
  );
}
