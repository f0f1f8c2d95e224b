// A stored template rendered with a send's variables (docs/templates.md), and
// a template being written rendered for its preview:
// the variables are checked against the version's schema first, each part is
// compiled once per version and process, the HTML goes into its layout's
// `{{{content}}}` (the layout's latest version), and a template without text
// gets one made from its HTML. A problem is a validation error at `prefix`
// (`template` in a send, `messages.3.template` in a batch, "" for the render
// endpoint's own body), so nothing is stored or sent.
import { AppError } from "@/server/errors";
import { plainTextAlternative } from "@/server/message-format/plain-text-alternative";
import type { previewTemplateBody, RenderedTemplate } from "@/shared/schemas/templates";
import { findLayouts, getTemplateVersionOrThrow } from "./manage-templates";
import { type CompiledPart, compilePart, TemplateLanguageError } from "./template-language";
import type { StoredVersion } from "./template-view";
import { compileSchema, variableErrors, variablesValidator } from "./variables-schema";
import type { ValidateFunction } from "ajv";
import { checkTemplateInput } from "./check-template-input";
import type { z } from "zod";
import { db } from "@/server/db/client";

type Parts = { subject: CompiledPart | null; html: CompiledPart | null; text: CompiledPart | null };
type Source = { subject: string | null; html: string | null; text: string | null };

const compileParts = (source: Source): Parts => ({
  subject: source.subject === null ? null : compilePart(source.subject, false),
  html: source.html === null ? null : compilePart(source.html, true),
  text: source.text === null ? null : compilePart(source.text, false),
});

const compiled = new Map<string, Parts>();

/** A version's parts, compiled on first use; a version never changes, so neither does its entry. */
function partsOf({ template, version }: StoredVersion): Parts {
  const key = `${template.id}:${version.version}`;
  let parts = compiled.get(key);
  if (!parts) {
    if (compiled.size > 2_000) compiled.clear();
    parts = compileParts(version);
    compiled.set(key, parts);
  }
  return parts;
}

/** The rendering itself: variables checked, parts filled, the HTML put in its layout, the text made when missing. */
function render(parts: Parts, wrap: Parts | null, validate: ValidateFunction | null, variables: Record<string, unknown>, prefix: string) {
  if (validate) {
    const errors = variableErrors(validate, variables, prefix ? `${prefix}.variables` : "variables");
    if (errors.length > 0) throw new AppError("validation_error", `${errors[0]!.path}: ${errors[0]!.message}`, { errors });
  }
  try {
    const inner = { html: parts.html?.(variables) ?? null, text: parts.text?.(variables) ?? null };
    const html = inner.html !== null && wrap?.html ? wrap.html({ ...variables, content: inner.html }) : inner.html;
    const ownText = inner.text !== null && wrap?.text ? wrap.text({ ...variables, content: inner.text }) : inner.text;
    return { subject: parts.subject?.(variables) ?? null, html, text: ownText ?? (html !== null ? plainTextAlternative(html) : null) };
  } catch (error) {
    if (!(error instanceof TemplateLanguageError)) throw error;
    const message = `The template could not be rendered: ${error.message}`;
    throw new AppError("validation_error", message, { errors: [{ path: prefix, message }] });
  }
}

/** Renders a stored version (and its layout, when it has one) with `variables`; compiled once per version and process. */
export function renderVersion(
  stored: StoredVersion,
  layout: StoredVersion | null,
  variables: Record<string, unknown>,
  prefix: string,
): RenderedTemplate {
  const validate = stored.version.variables
    ? variablesValidator(`${stored.template.id}:${stored.version.version}`, stored.version.variables)
    : null;
  return render(partsOf(stored), layout ? partsOf(layout) : null, validate, variables, prefix);
}

/** The layout of a stored version, when it has one. */
export async function layoutOf(stored: StoredVersion): Promise<StoredVersion | null> {
  if (!stored.version.layoutId) return null;
  const [layout] = await findLayouts(db(), [stored.version.layoutId]);
  return layout ?? null;
}

/** POST /sending/templates/{id}/render: a dry run, nothing sent. */
export async function renderTemplate(
  accountId: string,
  templateId: string,
  input: { variables: Record<string, unknown>; version?: number },
): Promise<RenderedTemplate> {
  const stored = await getTemplateVersionOrThrow(accountId, templateId, input.version);
  if (stored.template.kind === "layout")
    throw new AppError("validation_error", "A layout is rendered through its templates.", {
      errors: [{ path: "template_id", message: "A layout is rendered through its templates" }],
    });
  return renderVersion(stored, await layoutOf(stored), input.variables, "");
}

/**
 * POST /sending/templates/preview: a template as it is being written, not yet
 * saved, rendered with sample variables (the portal's live preview). Checked
 * as a save would check it (problems at `template.<field>`), compiled for this
 * request only.
 */
export async function previewTemplate(accountId: string, body: z.output<typeof previewTemplateBody>): Promise<RenderedTemplate> {
  const { kind, ...fields } = body.template;
  try {
    // A draft may not have its name yet; everything else is checked as a save would.
    await checkTemplateInput(db(), accountId, kind, { ...fields, name: fields.name ?? "draft" });
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== "validation_error") throw error;
    const errors = (error.details.errors ?? []).map((entry) => ({ ...entry, path: `template.${entry.path}` }));
    throw new AppError("validation_error", error.message, { errors });
  }
  const source = { subject: fields.subject ?? null, html: fields.html ?? null, text: fields.text ?? null };
  if (kind === "layout")
    return render(compileParts({ ...source, subject: null }), null, null, { ...body.variables, content: body.variables.content ?? "" }, "");
  const [layout] = fields.layoutId ? await findLayouts(db(), [fields.layoutId]) : [];
  const validate = fields.variables ? compileSchema(fields.variables) : null;
  return render(compileParts(source), layout ? partsOf(layout) : null, validate, body.variables, "");
}
