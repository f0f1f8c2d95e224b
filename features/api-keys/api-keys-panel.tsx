"use client";
// /api-keys: create keys for the sending API (the secret is shown once),
// see when each was last used, and revoke them.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Alert } from "@/components/alert";
import { LoadError } from "@/components/load-error";
import { Button } from "@/components/button";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { CopyButton } from "@/components/copy-button";
import { Dialog, DialogActions } from "@/components/dialog";
import { describedBy, fieldIds, FormField, inputClass } from "@/components/form-field";
import { portalFetch, PortalApiError } from "@/features/api/portal-fetch";
import { formatDateTime, formatRelativeTime } from "@/features/sessions/format-time";
import { applyApiFailure } from "@/features/settings/form-outcome";
import { lazyZodResolver } from "@/features/forms/lazy-zod-resolver";
import { emptyAsUndefined } from "@/features/forms/empty-as-undefined";
import { FirstEmailSnippets } from "@/features/onboarding/first-email-snippets";
import { listDomains } from "@/shared/api/endpoint-refs";
import type { ApiKey, createApiKeyBody } from "@/shared/schemas/api-keys";
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from "./use-api-keys";

type KeyInput = z.input<typeof createApiKeyBody>;
type KeyValues = z.output<typeof createApiKeyBody>;
const resolver = lazyZodResolver<KeyInput, KeyValues>(() =>
  import("@/shared/schemas/api-keys").then((schemas) => schemas.createApiKeyBody),
);

const ids = { name: fieldIds("key-name"), scope: fieldIds("key-scope"), domainId: fieldIds("key-domain"), expiry: fieldIds("key-expiry") };
const EXPIRY_CHOICES = [
  { label: "Never", days: 0 },
  { label: "In 30 days", days: 30 },
  { label: "In 90 days", days: 90 },
  { label: "In 1 year", days: 365 },
];
const scopeLabels = { sending: "Sending", full: "Full access" } as const;

export function ApiKeysPanel() {
  const keys = useApiKeys();
  const [created, setCreated] = useState<(ApiKey & { secret: string }) | null>(null);
  // Said where the revoked row was: the row and the button that had focus are gone.
  const [notice, setNotice] = useState<string | null>(null);
  // A new form (every field at its default, the DOM's selects included) after each key.
  const [formGeneration, setFormGeneration] = useState(0);

  return (
    <div className="space-y-8">
      <div className="max-w-2xl">
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-white">API keys</h1>
        <p className="mt-2 text-sm leading-6 text-zinc-600 dark:text-zinc-400">
          Send email from your code with <code className="font-mono text-[0.8125rem]">Authorization: Bearer ces_…</code>. A key with sending
          access can send and read messages; full access also manages domains. Keys cannot create other keys.
        </p>
      </div>
      <section
        aria-labelledby="new-key"
        className="rounded-xl border border-zinc-200 bg-white p-6 shadow-xs dark:border-zinc-800 dark:bg-zinc-900/60"
      >
        <h2 id="new-key" className="text-base font-semibold text-zinc-900 dark:text-white">
          Create a key
        </h2>
        <CreateKeyForm
          key={formGeneration}
          onCreated={(key) => {
            setNotice(null);
            setCreated(key);
            setFormGeneration((generation) => generation + 1);
          }}
        />
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
        {keys.isPending ? (
          <p role="status" className="px-6 py-8 text-sm text-zinc-500 dark:text-zinc-400">
            Loading keys…
          </p>
        ) : keys.isError ? (
          <div className="p-6">
            <LoadError what="your keys" query={keys} />
          </div>
        ) : keys.data.length === 0 ? (
          <p className="px-6 py-8 text-sm text-zinc-600 dark:text-zinc-400">No keys yet.</p>
        ) : (
          <ul aria-label="API keys" className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {keys.data.map((key) => (
              <KeyRow
                key={key.id}
                apiKey={key}
                onRevoked={() => setNotice(`Revoked “${key.name}”. Anything using it can no longer send.`)}
              />
            ))}
          </ul>
        )}
      </section>
      <Dialog
        open={created !== null}
        title="Copy your new key"
        description="This is the only time the secret is shown. Store it somewhere safe, like a secrets manager."
        onClose={() => setCreated(null)}
      >
        {created ? (
          <div className="space-y-4">
            <code
              data-testid="api-key-secret"
              className="block rounded-lg bg-zinc-100 px-3 py-2 font-mono text-sm break-all text-zinc-900 dark:bg-zinc-800 dark:text-zinc-100"
            >
              {created.secret}
            </code>
            {created.domainId ? (
              <p className="text-sm text-zinc-600 dark:text-zinc-400">
                This key sends only from its domain. To try the test sender (a first email to yourself), create a key for any verified
                domain.
              </p>
            ) : (
              <FirstEmailSnippets secret={created.secret} />
            )}
            <DialogActions>
              <CopyButton text={created.secret} label="Copy key" />
              <Button onClick={() => setCreated(null)}>Done</Button>
            </DialogActions>
          </div>
        ) : null}
      </Dialog>
    </div>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (key: ApiKey & { secret: string }) => void }) {
  const form = useForm<KeyInput, unknown, KeyValues>({ resolver, defaultValues: { name: "", scope: "sending" } });
  const { errors, isSubmitting } = form.formState;
  const createKey = useCreateApiKey();
  const domains = useQuery({ queryKey: ["sending", "domains"], queryFn: ({ signal }) => portalFetch(listDomains, { signal }) });
  const verified = (domains.data ?? []).filter((domain) => domain.status === "verified" || domain.status === "temporary_failure");
  const [expiryDays, setExpiryDays] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const expiresAt = expiryDays ? new Date(Date.now() + expiryDays * 86_400_000).toISOString() : undefined;
    try {
      const key = await createKey.mutateAsync({ ...values, expiresAt });
      onCreated(key);
    } catch (error) {
      setFailure(applyApiFailure(error, ["name", "scope", "domainId"], form.setError));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-5">
      {failure ? <Alert>{failure}</Alert> : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField ids={ids.name} label="Name" error={errors.name?.message}>
          <input
            {...form.register("name")}
            {...describedBy(ids.name, { error: errors.name?.message })}
            type="text"
            placeholder="Production server"
            className={inputClass}
          />
        </FormField>
        <FormField ids={ids.scope} label="Access" error={errors.scope?.message}>
          <select {...form.register("scope")} {...describedBy(ids.scope, { error: errors.scope?.message })} className={inputClass}>
            <option value="sending">Sending: send and read messages</option>
            <option value="full">Full access: every sending operation</option>
          </select>
        </FormField>
        <FormField ids={ids.domainId} label="Domain" error={errors.domainId?.message}>
          <select
            {...form.register("domainId", { setValueAs: emptyAsUndefined })}
            {...describedBy(ids.domainId, { error: errors.domainId?.message })}
            className={inputClass}
          >
            <option value="">Any verified domain</option>
            {verified.map((domain) => (
              <option key={domain.domain_id} value={domain.domain_id}>
                Only {domain.name}
              </option>
            ))}
          </select>
        </FormField>
        <FormField ids={ids.expiry} label="Expires">
          <select
            {...describedBy(ids.expiry, {})}
            value={expiryDays}
            onChange={(event) => setExpiryDays(Number(event.target.value))}
            className={inputClass}
          >
            {EXPIRY_CHOICES.map((choice) => (
              <option key={choice.days} value={choice.days}>
                {choice.label}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <div className="flex justify-end">
        <Button type="submit" pending={isSubmitting}>
          {isSubmitting ? "Creating…" : "Create key"}
        </Button>
      </div>
    </form>
  );
}

function KeyRow({ apiKey, onRevoked }: { apiKey: ApiKey; onRevoked: () => void }) {
  const revoke = useRevokeApiKey();
  const [confirming, setConfirming] = useState(false);
  const error =
    revoke.error instanceof PortalApiError ? revoke.error.message : revoke.error ? "We could not revoke the key. Try again." : null;
  return (
    <li className="flex flex-col gap-3 px-6 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium text-zinc-900 dark:text-white">
          {apiKey.name}{" "}
          <span className="ml-1 rounded-full bg-zinc-100 px-2 py-0.5 text-xs font-medium text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
            {scopeLabels[apiKey.scope]}
          </span>
        </p>
        <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">
          <span className="font-mono">{apiKey.prefix}…</span> · created {formatDateTime(apiKey.createdAt)} ·{" "}
          {apiKey.lastUsedAt ? `last used ${formatRelativeTime(apiKey.lastUsedAt)}` : "never used"}
          {apiKey.expiresAt ? ` · expires ${formatDateTime(apiKey.expiresAt)}` : ""}
        </p>
      </div>
      <Button variant="secondary" size="sm" onClick={() => setConfirming(true)} aria-label={`Revoke ${apiKey.name}`}>
        Revoke
      </Button>
      <ConfirmDialog
        open={confirming}
        title={`Revoke “${apiKey.name}”?`}
        confirmLabel="Revoke key"
        pending={revoke.isPending}
        error={error}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          revoke.mutate(apiKey.id, {
            onSuccess: () => {
              setConfirming(false);
              onRevoked();
            },
          })
        }
      >
        Anything using this key stops being able to send at once. This cannot be undone.
      </ConfirmDialog>
    </li>
  );
}
