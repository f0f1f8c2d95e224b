"use client";
// /api-keys: create keys for the sending API (the secret is shown once),
// see when each was last used, and revoke them.
import { useState } from "react";
import { Alert } from "@/components/alert";
import { PageHeader } from "@/components/page-header";
import { QueryState } from "@/components/query-state";
import { FirstEmailSnippets } from "@/features/onboarding/first-email-snippets";
import type { ApiKey } from "@/shared/schemas/api-keys";
import { CreateKeyForm } from "./create-key-form";
import { KeyRow } from "./key-row";
import { useApiKeys } from "./use-api-keys";
import { SecretOnceDialog } from "@/components/secret-once-dialog";
import { RequiresPermission } from "@/features/teams/requires-permission";

export function ApiKeysPanel() {
  const keys = useApiKeys();
  const [created, setCreated] = useState<(ApiKey & { secret: string }) | null>(null);
  // Said where the revoked row was: the row and the button that had focus are gone.
  const [notice, setNotice] = useState<string | null>(null);
  // A new form (every field at its default, the DOM's selects included) after each key.
  const [formGeneration, setFormGeneration] = useState(0);

  return (
    <div className="space-y-8">
      <PageHeader
        title="API keys"
        description={
          <p>
            Send email from your code with <code className="font-mono text-[0.8125rem]">Authorization: Bearer ces_…</code>. A key with
            sending access can send and read messages; full access also manages domains. Keys cannot create other keys.
          </p>
        }
      />
      <section
        aria-labelledby="new-key"
        className="rounded-xl border border-zinc-200 bg-white p-6 shadow-xs dark:border-zinc-800 dark:bg-zinc-900/60"
      >
        <h2 id="new-key" className="text-base font-semibold text-zinc-900 dark:text-white">
          Create a key
        </h2>
        <RequiresPermission permission="sending:write">
          <CreateKeyForm
            key={formGeneration}
            onCreated={(key) => {
              setNotice(null);
              setCreated(key);
              setFormGeneration((generation) => generation + 1);
            }}
          />
        </RequiresPermission>
      </section>
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      <section
        aria-labelledby="your-keys"
        className="rounded-xl border border-zinc-200 bg-white shadow-xs dark:border-zinc-800 dark:bg-zinc-900/60"
      >
        <h2
          id="your-keys"
          className="border-b border-zinc-200 px-6 py-4 text-base font-semibold text-zinc-900 dark:border-zinc-800 dark:text-white"
        >
          Your keys
        </h2>
        <QueryState query={keys} what="your keys" empty={<p>No keys yet.</p>} className="px-6 py-8">
          {(list) => (
            <ul aria-label="API keys" className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {list.map((key) => (
                <KeyRow
                  key={key.id}
                  apiKey={key}
                  onRevoked={() => setNotice(`Revoked “${key.name}”. Anything using it can no longer send.`)}
                />
              ))}
            </ul>
          )}
        </QueryState>
      </section>
      <SecretOnceDialog
        secret={created?.secret ?? null}
        title="Copy your new key"
        description="This is the only time the secret is shown. Store it somewhere safe, like a secrets manager."
        copyLabel="Copy key"
        testId="api-key-secret"
        onClose={() => setCreated(null)}
      >
        {created?.domainId ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            This key sends only from its domain. To try the test sender (a first email to yourself), create a key for any verified domain.
          </p>
        ) : created ? (
          <FirstEmailSnippets secret={created.secret} />
        ) : null}
      </SecretOnceDialog>
    </div>
  );
}
