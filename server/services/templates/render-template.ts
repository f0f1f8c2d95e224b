// A stored template rendered with a send's variables (docs/templates.md):
// the variables are checked against the version's schema first, each part is
// compiled once per version and process, the HTML goes into its layout's
// `{{{content}}}` (the layout's latest version), and a template without text
// gets one made from its HTML. A problem is a validation error at `prefix`
// (`template` in a send, `messages.3.template` in a batch, "" for the render
// endpoint's own body), so nothing is stored or sent.
import { AppError } from "@/server/errors";
import { plainTextAlternative } from "@/server/message-format/plain-text-alternative";
import type { RenderedTemplate } from "@/shared/schemas/templates";
import { findLayouts, getTemplateVersionOrThrow } from "./manage-templates";
import { type CompiledPart, compilePart, TemplateLanguageError } from "./template-language";
import type { StoredVersion } from "./template-view";
import { variableErrors, variablesValidator } from "./variables-schema";
import { db } from "@/server/db/client";

type Parts = { subject: CompiledPart | null; html: CompiledPart | null; text: CompiledPart | null };

const compiled = new Map<string, Parts>();

/** A version's parts, compiled on first use; a version never changes, so neither does its entry. */
function partsOf({ template, version }: StoredVersion): Parts {
  const key = `${template.id}:${version.version}`;
  let parts = compiled.get(key);
  if (!parts) {
    if (compiled.size > 2_000) compiled.clear();
    parts = {
      subject: version.subject === null ? null : compilePart(version.subject, false),
      html: version.html === null ? null : compilePart(version.html, true),
      text: version.text === null ? null : compilePart(version.text, false),
    };
    compiled.set(key, parts);
  }
  return parts;
}

/** Renders a stored version (and its layout, when it has one) with `variables`. */
export function renderVersion(
  stored: StoredVersion,
  layout: StoredVersion | null,
  variables: Record<string, unknown>,
  prefix: string,
): RenderedTemplate {
  if (stored.version.variables) {
    const validate = variablesValidator(`${stored.template.id}:${stored.version.version}`, stored.version.variables);
    const errors = variableErrors(validate, variables, prefix ? `${prefix}.variables` : "variables");
    if (errors.length > 0) throw new AppError("validation_error", `${errors[0]!.path}: ${errors[0]!.message}`, { errors });
  }
  try {
    const parts = partsOf(stored);
    const wrap = layout ? partsOf(layout) : null;
    const inner = { html: parts.html?.(variables) ?? null, text: parts.text?.(variables) ?? null };
    const html = inner.html !== null && wrap?.html ? wrap.html({ ...variables, content: inner.html }) : inner.html;
    const ownText = inner.text !== null && wrap?.text ? wrap.text({ ...variables, content: inner.text }) : inner.text;
    return {
      subject: parts.subject?.(variables) ?? null,
      html,
      text: ownText ?? (html !== null ? plainTextAlternative(html) : null),
    };
  } catch (error) {
    if (!(error instanceof TemplateLanguageError)) throw error;
    const message = `The template could not be rendered: ${error.message}`;
    throw new AppError("validation_error", message, { errors: [{ path: prefix, message }] });
  }
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
