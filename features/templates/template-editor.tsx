"use client";
// Writing a template or a layout: its parts on the left, what it sends on the
// right, following every edit (a moment after typing stops, rendered by the
// API exactly as a send would be), with sample values made from the variables
// schema. Saving stores a new version; an existing one shows its versions.
import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useEffect, useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { describedBy, fieldIds, FormField, inputClass } from "@/components/form-field";
import { PortalApiError } from "@/features/api/portal-fetch";
import { useActing } from "@/features/teams/use-acting";
import type { Template } from "@/shared/schemas/templates";
import { bodyOf, formOf, newForm, parsedVariables, type TemplateFormValues, templateFormSchema } from "./template-form";
import { TemplatePreview } from "./template-preview";
import { SendTest } from "./send-test";
import { TemplateVersions } from "./template-versions";
import { usePreview, useSaveTemplate, useTemplates } from "./use-templates";
import { sampleValues, VariablesForm } from "./variables-form";

const ids = {
  name: fieldIds("template-name"),
  subject: fieldIds("template-subject"),
  layoutId: fieldIds("template-layout"),
  html: fieldIds("template-html"),
  text: fieldIds("template-text"),
  variables: fieldIds("template-variables"),
};
const codeClass = `${inputClass} font-mono text-xs leading-5`;
const FIELDS = ["name", "subject", "html", "text", "variables", "layoutId"] as const;

/** The value after it has stopped changing for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export function TemplateEditor({ kind, template }: { kind: Template["kind"]; template?: Template }) {
  const router = useRouter();
  const { may } = useActing();
  const save = useSaveTemplate(template?.id ?? null);
  const layouts = useTemplates("layout");
  const form = useForm<TemplateFormValues>({
    resolver: zodResolver(templateFormSchema),
    defaultValues: template ? formOf(template) : newForm(kind),
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const values = form.watch();
  const schema = parsedVariables(values.variables) ?? null;
  const [samples, setSamples] = useState<Record<string, unknown>>(() =>
    sampleValues(template?.variables ?? parsedVariables(newForm(kind).variables) ?? null),
  );
  // New properties get a stand-in; values already typed are kept.
  const shownSamples = useMemo(
    () => (kind === "layout" ? { content: "<p>The template's HTML goes here.</p>" } : sampleValues(schema, samples)),
    [kind, schema, samples],
  );
  const settled = useSettled(JSON.stringify({ template: bodyOf(kind, values), variables: shownSamples }), 400);
  const preview = usePreview(values.html || values.text ? JSON.parse(settled) : null);
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (submitted) => {
    setFailure(null);
    setSaved(null);
    if (parsedVariables(submitted.variables) === undefined) {
      form.setError("variables", { type: "client", message: "The variables schema is not a JSON object yet" }, { shouldFocus: true });
      return;
    }
    try {
      const result = await save.mutateAsync(bodyOf(kind, submitted));
      if (!template) router.replace(`/templates/${result.id}`);
      else {
        form.reset(formOf(result));
        setSaved(`Saved as version ${result.version}.`);
      }
    } catch (error) {
      if (!(error instanceof PortalApiError)) throw error;
      const unplaced = error.errors.filter((entry) => {
        const field = entry.path.split(".")[0] as (typeof FIELDS)[number];
        if (!FIELDS.includes(field)) return true;
        form.setError(field, { type: "server", message: entry.path === field ? entry.message : `${entry.path}: ${entry.message}` });
        return false;
      });
      setFailure(
        error.errors.length > 0 && unplaced.length === 0 ? null : [error.message, ...unplaced.map((entry) => entry.message)].join(" "),
      );
    }
  });

  const isTemplate = kind === "template";
  const editable = may("sending:write");
  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <form onSubmit={onSubmit} noValidate aria-label={template ? `Edit ${template.name}` : `New ${kind}`} className="min-w-0 space-y-5">
        {failure ? <Alert>{failure}</Alert> : null}
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField ids={ids.name} label="Name" error={errors.name?.message}>
            <input
              {...form.register("name")}
              {...describedBy(ids.name, { error: errors.name?.message })}
              autoComplete="off"
              className={inputClass}
            />
          </FormField>
          {isTemplate ? (
            <FormField ids={ids.layoutId} label="Layout" error={errors.layoutId?.message}>
              <select
                {...form.register("layoutId")}
                {...describedBy(ids.layoutId, { error: errors.layoutId?.message })}
                className={inputClass}
              >
                <option value="">No layout</option>
                {(layouts.data?.items ?? []).map((layout) => (
                  <option key={layout.id} value={layout.id}>
                    {layout.name}
                  </option>
                ))}
              </select>
            </FormField>
          ) : null}
        </div>
        {isTemplate ? (
          <FormField ids={ids.subject} label="Subject" hint="{{name}} puts in a variable." error={errors.subject?.message}>
            <input
              {...form.register("subject")}
              {...describedBy(ids.subject, { hint: true, error: errors.subject?.message })}
              autoComplete="off"
              className={inputClass}
            />
          </FormField>
        ) : null}
        <FormField
          ids={ids.html}
          label="HTML"
          hint={
            isTemplate
              ? "{{x}} is escaped, {{{x}}} is not; {{#if x}}…{{/if}} and {{#each xs}}…{{/each}} repeat or hide parts."
              : "{{{content}}} once: where each template's HTML goes."
          }
          error={errors.html?.message}
        >
          <textarea
            {...form.register("html")}
            {...describedBy(ids.html, { hint: true, error: errors.html?.message })}
            rows={14}
            spellCheck={false}
            className={codeClass}
          />
        </FormField>
        <FormField ids={ids.text} label="Text part" optional hint="Left empty, it is made from the HTML." error={errors.text?.message}>
          <textarea
            {...form.register("text")}
            {...describedBy(ids.text, { hint: true, error: errors.text?.message })}
            rows={5}
            spellCheck={false}
            className={codeClass}
          />
        </FormField>
        {isTemplate ? (
          <FormField
            ids={ids.variables}
            label="Variables schema"
            optional
            hint='A JSON Schema of type "object": every send must pass what it describes.'
            error={errors.variables?.message}
          >
            <textarea
              {...form.register("variables")}
              {...describedBy(ids.variables, { hint: true, error: errors.variables?.message })}
              rows={6}
              spellCheck={false}
              placeholder='{ "type": "object", "properties": { "name": { "type": "string" } }, "required": ["name"] }'
              className={codeClass}
            />
          </FormField>
        ) : null}
        {editable ? (
          <div className="flex flex-wrap items-center justify-end gap-3">
            {saved ? (
              <p role="status" className="text-sm font-medium text-emerald-700 dark:text-emerald-400">
                {saved}
              </p>
            ) : null}
            <Button type="submit" pending={isSubmitting}>
              {isSubmitting ? "Saving…" : template ? "Save new version" : `Create ${kind}`}
            </Button>
          </div>
        ) : null}
        {template ? (
          <TemplateVersions
            template={template}
            onRestored={(restored) => {
              form.reset(formOf(restored));
              setSaved(`Restored as version ${restored.version}.`);
            }}
          />
        ) : null}
      </form>
      <div className="min-w-0 space-y-4">
        {isTemplate ? <VariablesForm schema={schema} values={shownSamples} onChange={setSamples} /> : null}
        {isTemplate && template && editable ? (
          <SendTest templateId={template.id} variables={shownSamples} dirty={form.formState.isDirty} />
        ) : null}
        <TemplatePreview rendered={preview.data} error={preview.error} pending={preview.isFetching} />
      </div>
    </div>
  );
}
