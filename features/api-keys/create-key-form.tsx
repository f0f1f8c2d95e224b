"use client";
// The form that creates an API key: name, access, an optional domain
// restriction and an expiry. The secret comes back once, to the page.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { z } from "zod";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { describedBy, fieldIds, FormField, inputClass } from "@/components/form-field";
import { portalFetch } from "@/features/api/portal-fetch";
import { emptyAsUndefined } from "@/features/forms/empty-as-undefined";
import { lazyZodResolver } from "@/features/forms/lazy-zod-resolver";
import { useApiForm } from "@/features/forms/use-api-form";
import { listDomains } from "@/shared/api/endpoint-refs";
import type { ApiKey, createApiKeyBody } from "@/shared/schemas/api-keys";
import { useCreateApiKey } from "./use-api-keys";

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

/** A name the form can be submitted with as it comes: "API key" and today's date (local, unambiguous in every locale). */
function defaultKeyName(at = new Date()): string {
  const day = [at.getFullYear(), at.getMonth() + 1, at.getDate()].map((part) => String(part).padStart(2, "0")).join("-");
  return `API key ${day}`;
}

export function CreateKeyForm({ onCreated }: { onCreated: (key: ApiKey & { secret: string }) => void }) {
  const createKey = useCreateApiKey();
  const domains = useQuery({ queryKey: ["sending", "domains"], queryFn: ({ signal }) => portalFetch(listDomains, { signal }) });
  const verified = (domains.data ?? []).filter((domain) => domain.status === "verified" || domain.status === "temporary_failure");
  const [expiryDays, setExpiryDays] = useState(0);
  const { form, errors, isSubmitting, onSubmit, failure } = useApiForm({
    resolver,
    defaultValues: { name: defaultKeyName(), scope: "sending" },
    fields: ["name", "scope", "domainId"],
    submit: (values: KeyValues) => {
      const expiresAt = expiryDays ? new Date(Date.now() + expiryDays * 86_400_000).toISOString() : undefined;
      return createKey.mutateAsync({ ...values, expiresAt });
    },
    onSuccess: (key) => onCreated(key),
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
            <option value="events:read">Events: read the event feed only</option>
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
