// The editor's form: every part as typed (the variables schema as JSON text),
// and the API body it becomes. Empty optional parts are left out, so the API
// makes the text part from the HTML and a template has no layout.
import { z } from "zod";
import { createTemplateBody, type Template } from "@/shared/schemas/templates";

export const templateFormSchema = z.object({
  name: createTemplateBody.shape.name,
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  variables: z.string(),
  layoutId: z.string(),
});

export type TemplateFormValues = z.infer<typeof templateFormSchema>;

/** What a new template or layout starts as: one that saves and sends as it stands, to edit from. */
export function newForm(kind: Template["kind"]): TemplateFormValues {
  if (kind === "layout")
    return {
      name: "New layout",
      subject: "",
      html: '<div style="font-family: system-ui, sans-serif; max-width: 600px; margin: 0 auto;">\n  {{{content}}}\n  <p style="color: #71717a; font-size: 12px;">You get this email from us.</p>\n</div>',
      text: "",
      variables: "",
      layoutId: "",
    };
  return {
    name: "New template",
    subject: "Welcome, {{name}}",
    html: "<h1>Welcome, {{name}}!</h1>\n<p>Thanks for joining.</p>",
    text: "",
    variables: JSON.stringify({ type: "object", properties: { name: { type: "string" } }, required: ["name"] }, null, 2),
    layoutId: "",
  };
}

export function formOf(template: Template): TemplateFormValues {
  return {
    name: template.name,
    subject: template.subject ?? "",
    html: template.html ?? "",
    text: template.text ?? "",
    variables: template.variables ? JSON.stringify(template.variables, null, 2) : "",
    layoutId: template.layoutId ?? "",
  };
}

/** The variables schema typed, or null when there is none; undefined when it is not JSON yet. */
export function parsedVariables(text: string): Record<string, unknown> | null | undefined {
  if (!text.trim()) return null;
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const present = (value: string) => (value.trim() === "" ? undefined : value);

export function bodyOf(kind: Template["kind"], values: TemplateFormValues) {
  const variables = parsedVariables(values.variables);
  return {
    kind,
    name: values.name,
    ...(kind === "template" ? { subject: present(values.subject), layoutId: present(values.layoutId) ?? null } : {}),
    html: present(values.html),
    text: present(values.text),
    ...(kind === "template" && variables ? { variables } : {}),
  };
}
