// What a template or layout must be before a version of it is stored
// (docs/templates.md): a template has a subject and html or text, a layout
// html with `{{{content}}}` exactly once (and its text, if any, too); every
// part is in the template language; the variables schema is a JSON Schema of
// an object; a template's layout is a live layout of the same account. Every
// problem is reported at once, each at its field.
import { and, eq, isNull } from "drizzle-orm";
import type { Executor } from "@/server/db/client";
import { type TemplateKind, templates } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import type { FieldError } from "@/shared/api/errors";
import { type TemplateInput, VARIABLES_SCHEMA_LIMIT } from "@/shared/schemas/templates";
import { checkTemplateSource, contentSlots, TemplateLanguageError } from "./template-language";
import { variablesSchemaProblem } from "./variables-schema";

function languageErrors(input: TemplateInput): FieldError[] {
  const errors: FieldError[] = [];
  for (const field of ["subject", "html", "text"] as const) {
    const source = input[field];
    if (source === undefined) continue;
    try {
      checkTemplateSource(source);
    } catch (error) {
      if (!(error instanceof TemplateLanguageError)) throw error;
      errors.push({ path: field, message: error.message.charAt(0).toUpperCase() + error.message.slice(1) });
    }
  }
  return errors;
}

function shapeErrors(kind: TemplateKind, input: TemplateInput): FieldError[] {
  const errors: FieldError[] = [];
  if (input.html === undefined && input.text === undefined) errors.push({ path: "html", message: "Give html, text, or both" });
  if (kind === "template" && input.subject === undefined) errors.push({ path: "subject", message: "A template needs a subject" });
  if (kind === "layout") {
    if (input.subject !== undefined) errors.push({ path: "subject", message: "A layout has no subject: its templates do" });
    if (input.layoutId) errors.push({ path: "layoutId", message: "A layout is not rendered in another layout" });
    if (input.variables !== undefined) errors.push({ path: "variables", message: "A layout's variables are its templates'" });
  }
  return errors;
}

function slotErrors(kind: TemplateKind, input: TemplateInput, parsed: FieldError[]): FieldError[] {
  if (kind !== "layout") return [];
  return (["html", "text"] as const).flatMap((field) => {
    const source = input[field];
    if (source === undefined || parsed.some((error) => error.path === field)) return [];
    const slots = contentSlots(source);
    return slots === 1
      ? []
      : [
          {
            path: field,
            message:
              slots === 0 ? "A layout holds {{{content}}} once: it has none" : `A layout holds {{{content}}} once, not ${slots} times`,
          },
        ];
  });
}

function schemaErrors(input: TemplateInput): FieldError[] {
  if (input.variables === undefined) return [];
  if (JSON.stringify(input.variables).length > VARIABLES_SCHEMA_LIMIT)
    return [{ path: "variables", message: `The variables schema is at most ${VARIABLES_SCHEMA_LIMIT / 1024} KiB` }];
  const problem = variablesSchemaProblem(input.variables);
  return problem ? [problem] : [];
}

export async function checkTemplateInput(tx: Executor, accountId: string, kind: TemplateKind, input: TemplateInput): Promise<void> {
  const parsed = languageErrors(input);
  const errors = [...shapeErrors(kind, input), ...parsed, ...slotErrors(kind, input, parsed), ...schemaErrors(input)];
  if (kind === "template" && input.layoutId) {
    const [layout] = await tx
      .select({ id: templates.id })
      .from(templates)
      .where(
        and(
          eq(templates.id, input.layoutId),
          eq(templates.accountId, accountId),
          eq(templates.kind, "layout"),
          isNull(templates.deletedAt),
        ),
      );
    if (!layout) errors.push({ path: "layoutId", message: "No layout of this account has this id" });
  }
  if (errors.length > 0) throw new AppError("validation_error", errors[0]!.message, { errors });
}
