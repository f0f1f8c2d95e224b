"use client";
// /mailboxes/[id]/rules: the mailbox's filters, its forwarding and its
// vacation reply with a preview, edited here and saved as one document through GET/PUT
// /mailboxes/{id}/rules. A script uploaded over ManageSieve is said plainly:
// saving here replaces it (docs/spam-and-rules.md).
import Link from "next/link";
import type { Path } from "react-hook-form";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { describedBy, FormField, fieldIds, inputClass } from "@/components/form-field";
import { PageHeader } from "@/components/page-header";
import { QueryState } from "@/components/query-state";
import { SettingsCardBody, SettingsCardFooter, SettingsSection } from "@/components/settings-section";
import { PortalApiError } from "@/features/api/portal-fetch";
import { textLinkClass } from "@/features/auth/auth-card";
import { SavedStatus } from "@/features/forms/form-outcome";
import { lazyZodResolver } from "@/features/forms/lazy-zod-resolver";
import { useApiForm } from "@/features/forms/use-api-form";
import { useMailbox } from "@/features/mailbox-inbox/use-mailbox-inbox";
import type { MailboxRules } from "@/shared/schemas/mailbox-rules";
import { toFilterFormValues } from "./filter-form-values";
import { FiltersEditor, filterFieldPaths } from "./filters-editor";
import type { RulesFormInput, RulesFormOutput } from "./rules-form-schema";
import { useMailboxRules, useSaveMailboxRules } from "./use-mailbox-rules";

const resolver = lazyZodResolver<RulesFormInput, RulesFormOutput>(() =>
  import("./rules-form-schema").then((module) => module.rulesFormSchema),
);
const checkboxClass = "size-4 rounded border-zinc-300 text-indigo-600 focus:ring-indigo-500 dark:border-zinc-600";
const OTHER_FIELDS = [
  "forwarding.to",
  "vacation.start",
  "vacation.end",
  "vacation.subject",
  "vacation.text",
  "vacation.intervalDays",
] as const;

function formDefaults(rules: MailboxRules): RulesFormInput {
  return {
    filters: rules.filters.map(toFilterFormValues),
    forwarding: { on: rules.forwarding !== null, to: rules.forwarding?.to.join("\n") ?? "", keepCopy: rules.forwarding?.keepCopy ?? true },
    vacation: {
      enabled: rules.vacation?.enabled ?? false,
      start: rules.vacation?.start ?? "",
      end: rules.vacation?.end ?? "",
      subject: rules.vacation?.subject ?? "Out of office",
      text: rules.vacation?.text ?? "Thank you for your message. I am away and will reply when I am back.",
      intervalDays: rules.vacation?.intervalDays ?? 7,
    },
  };
}

/**
 * Server errors on one forwarding address (forwarding.to.2) belong to the addresses field; a Sieve
 * compile error on a whole filter, condition or action goes to its first control.
 */
function toFormPaths(error: unknown): unknown {
  if (!(error instanceof PortalApiError)) return error;
  const toControl = (path: string) =>
    path
      .replace(/^forwarding\.to\.\d+$/, "forwarding.to")
      .replace(/^(filters\.\d+)$/, "$1.name")
      .replace(/^(filters\.\d+\.conditions\.\d+)$/, "$1.value")
      .replace(/^(filters\.\d+\.actions\.\d+)$/, "$1.type");
  const errors = error.errors.map((entry) => ({ ...entry, path: toControl(entry.path) }));
  return new PortalApiError(error.status, error.code, error.message, errors, error.retryAfterSeconds);
}

function RulesForm({ mailboxId, address, rules }: { mailboxId: string; address: string; rules: MailboxRules }) {
  const save = useSaveMailboxRules(mailboxId);
  const { form, errors, isSubmitting, onSubmit, failure, saved } = useApiForm({
    resolver,
    defaultValues: formDefaults(rules),
    fields: (values) => [...filterFieldPaths(values.filters), ...OTHER_FIELDS] as Path<RulesFormInput>[],
    submit: (values: RulesFormOutput) =>
      save.mutateAsync(values).catch((error: unknown) => {
        throw toFormPaths(error);
      }),
    onSuccess: (result, current) => {
      current.reset(formDefaults(result));
      return "Rules saved.";
    },
  });
  const ids = {
    to: fieldIds("rules-forward-to"),
    start: fieldIds("rules-vacation-start"),
    end: fieldIds("rules-vacation-end"),
    subject: fieldIds("rules-vacation-subject"),
    text: fieldIds("rules-vacation-text"),
    interval: fieldIds("rules-vacation-interval"),
  };
  const vacation = form.watch("vacation");
  const vacationErrors = errors.vacation;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Mailbox rules" className="space-y-8">
      {failure ? <Alert>{failure}</Alert> : null}
      <SettingsSection
        title="Filters"
        description="Run top to bottom on every message this mailbox receives; a Stop action skips the ones below. Saved with the rest of the page."
      >
        <SettingsCardBody>
          <FiltersEditor form={form} />
        </SettingsCardBody>
      </SettingsSection>
      <SettingsSection
        title="Forwarding"
        description="A copy of every message goes to these addresses. Mail marked as spam is never forwarded."
      >
        <SettingsCardBody>
          <label className="flex items-center gap-2 text-sm text-zinc-800 dark:text-zinc-200">
            <input type="checkbox" {...form.register("forwarding.on")} className={checkboxClass} />
            Forward incoming mail
          </label>
          <FormField ids={ids.to} label="Forward to" hint="Up to 5 addresses, one per line." error={errors.forwarding?.to?.message}>
            <textarea
              {...form.register("forwarding.to")}
              {...describedBy(ids.to, { hint: true, error: errors.forwarding?.to?.message })}
              rows={3}
              className={inputClass}
            />
          </FormField>
          <label className="flex items-center gap-2 text-sm text-zinc-800 dark:text-zinc-200">
            <input type="checkbox" {...form.register("forwarding.keepCopy")} className={checkboxClass} />
            Keep a copy in this mailbox
          </label>
        </SettingsCardBody>
      </SettingsSection>
      <SettingsSection
        title="Vacation reply"
        description="Answers each sender once per interval. Mailing lists, automatic mail and spam are never answered."
      >
        <SettingsCardBody>
          <label className="flex items-center gap-2 text-sm text-zinc-800 dark:text-zinc-200">
            <input type="checkbox" {...form.register("vacation.enabled")} className={checkboxClass} />
            Send a vacation reply
          </label>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField ids={ids.start} label="First day (UTC)" optional error={vacationErrors?.start?.message}>
              <input
                type="date"
                {...form.register("vacation.start")}
                {...describedBy(ids.start, { error: vacationErrors?.start?.message })}
                className={inputClass}
              />
            </FormField>
            <FormField ids={ids.end} label="Last day (UTC)" optional error={vacationErrors?.end?.message}>
              <input
                type="date"
                {...form.register("vacation.end")}
                {...describedBy(ids.end, { error: vacationErrors?.end?.message })}
                className={inputClass}
              />
            </FormField>
          </div>
          <FormField ids={ids.subject} label="Subject" error={vacationErrors?.subject?.message}>
            <input
              type="text"
              {...form.register("vacation.subject")}
              {...describedBy(ids.subject, { error: vacationErrors?.subject?.message })}
              className={inputClass}
            />
          </FormField>
          <FormField ids={ids.text} label="Message" error={vacationErrors?.text?.message}>
            <textarea
              {...form.register("vacation.text")}
              {...describedBy(ids.text, { error: vacationErrors?.text?.message })}
              rows={5}
              className={inputClass}
            />
          </FormField>
          <FormField ids={ids.interval} label="Answer a sender again after (days)" error={vacationErrors?.intervalDays?.message}>
            <input
              type="number"
              min={1}
              max={30}
              {...form.register("vacation.intervalDays")}
              {...describedBy(ids.interval, { error: vacationErrors?.intervalDays?.message })}
              className={`${inputClass} sm:w-32`}
            />
          </FormField>
          <figure className="rounded-lg border border-dashed border-zinc-300 p-3 text-sm dark:border-zinc-700">
            <figcaption className="mb-2 font-medium text-zinc-900 dark:text-white">Preview</figcaption>
            <p className="text-zinc-600 dark:text-zinc-400">
              From: <span className="font-mono break-all">{address}</span>
            </p>
            <p className="text-zinc-600 dark:text-zinc-400">Subject: {vacation.subject}</p>
            <p className="mt-2 whitespace-pre-wrap break-words text-zinc-900 dark:text-zinc-100">{vacation.text}</p>
          </figure>
        </SettingsCardBody>
        <SettingsCardFooter status={<SavedStatus message={saved} />}>
          <Button type="submit" pending={isSubmitting}>
            {isSubmitting ? "Saving…" : "Save rules"}
          </Button>
        </SettingsCardFooter>
      </SettingsSection>
    </form>
  );
}

export function MailboxRulesPage({ mailboxId }: { mailboxId: string }) {
  const rules = useMailboxRules(mailboxId);
  const mailbox = useMailbox(mailboxId);
  const missing = rules.isError && rules.error instanceof PortalApiError && rules.error.status === 404;
  return (
    <div className="space-y-6">
      <Link href="/mailboxes" className={`${textLinkClass} inline-block text-sm`}>
        ← Mailboxes
      </Link>
      <PageHeader
        title={mailbox.data ? <span className="font-mono">{mailbox.data.address}</span> : "Rules"}
        description="Rules: filters, forwarding and a vacation reply, run by the mail store for every message this mailbox receives."
      />
      {missing ? (
        <Alert title="This mailbox does not exist">It may have been deleted.</Alert>
      ) : (
        <QueryState query={rules} what="the rules" isEmpty={() => false}>
          {(data) => (
            <div className="space-y-8">
              {data.source === "custom" ? (
                <Alert tone="warning" title="A mail app's Sieve script is in force">
                  A script uploaded over ManageSieve replaced these rules. Saving here puts these rules back in force.
                </Alert>
              ) : null}
              <RulesForm mailboxId={mailboxId} address={mailbox.data?.address ?? ""} rules={data} />
            </div>
          )}
        </QueryState>
      )}
    </div>
  );
}
