// Stored templates and layouts, their versions and renderings (docs/templates.md).
import { z } from "zod";
import { ONE_LINE } from "./line-breaks";
import { paginationQuery, paginationSchema } from "./pagination";

export const templateKinds = ["template", "layout"] as const;

/** The largest html or text part a template may hold (characters). */
export const TEMPLATE_PART_LIMIT = 512 * 1024;
/** The largest variables schema, as JSON (characters). */
export const VARIABLES_SCHEMA_LIMIT = 32 * 1024;
/** What a template write's body may be: its parts at their limits, with room for JSON escaping. */
export const TEMPLATE_BODY_LIMIT_BYTES = 2 * 1024 * 1024;

const part = (name: string) =>
  z
    .string()
    .max(TEMPLATE_PART_LIMIT, `${name} is at most ${TEMPLATE_PART_LIMIT / 1024} KiB (${TEMPLATE_PART_LIMIT} characters)`)
    .refine((value) => !value.includes("\0"), `${name} cannot contain NUL characters`);

const templateFields = {
  name: z.string().trim().min(1, "Give it a name").max(100, "Keep the name within 100 characters"),
  subject: z
    .string()
    .trim()
    .min(1, "A template needs a subject")
    .max(998, "The subject is at most 998 characters")
    .regex(ONE_LINE, "The subject cannot contain line breaks or NUL characters")
    .optional()
    .meta({ description: "Templates only. The template language applies; it is never HTML-escaped." }),
  html: part("html").optional(),
  text: part("text").optional().meta({ description: "Left out, it is made from the HTML when the template is rendered." }),
  variables: z
    .record(z.string(), z.unknown())
    .optional()
    .meta({ description: 'A JSON Schema (draft 2020-12) with `type: "object"`: what every send must pass in `variables`.' }),
  layoutId: z.string().max(64).nullable().optional().meta({ description: "Templates only: the layout it is rendered in." }),
};

export const createTemplateBody = z
  .strictObject({ ...templateFields, kind: z.enum(templateKinds, { error: "Use template or layout" }).default("template") })
  .meta({ id: "CreateTemplateRequest" });

export const replaceTemplateBody = z.strictObject(templateFields).meta({ id: "ReplaceTemplateRequest" });

export type TemplateInput = z.output<typeof replaceTemplateBody>;

export const templateSchema = z
  .object({
    id: z.string().meta({ example: "tpl_3f9c2a7d81b04e65a1c0d2e9" }),
    name: z.string(),
    kind: z.enum(templateKinds),
    version: z.number().int().meta({ description: "This version's number; the first is 1 and every PUT adds one." }),
    subject: z.string().nullable(),
    html: z.string().nullable(),
    text: z.string().nullable(),
    variables: z.record(z.string(), z.unknown()).nullable(),
    layoutId: z.string().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime().meta({ description: "When this version was saved." }),
  })
  .meta({ id: "Template" });

export type Template = z.infer<typeof templateSchema>;

export const templateSummarySchema = templateSchema
  .pick({ id: true, name: true, kind: true, version: true, subject: true, layoutId: true, createdAt: true, updatedAt: true })
  .meta({ id: "TemplateSummary" });

export const listTemplatesQuery = paginationQuery.extend({
  kind: z.enum(templateKinds).optional().meta({ description: "Only templates, or only layouts." }),
});

export const templatePageSchema = z
  .object({ items: z.array(templateSummarySchema), pagination: paginationSchema })
  .meta({ id: "TemplatePage" });

export const templateIdParams = z.object({ template_id: z.string().max(64) });

export const templateVersionParams = z.object({
  template_id: z.string().max(64),
  version: z.coerce.number({ error: "version is a whole number" }).int().min(1),
});

const variablesInput = z
  .record(z.string(), z.unknown())
  .default({})
  .meta({ description: "The values the template's variables schema describes." });

export const renderTemplateBody = z
  .strictObject({
    variables: variablesInput,
    version: z.number().int().min(1).optional().meta({ description: "A version to render; the latest by default." }),
  })
  .meta({ id: "RenderTemplateRequest" });

export const previewTemplateBody = z
  .strictObject({
    template: z.strictObject({ ...templateFields, name: templateFields.name.optional(), kind: z.enum(templateKinds).default("template") }),
    variables: variablesInput,
  })
  .meta({ id: "PreviewTemplateRequest" });

export const templateVersionSummarySchema = z
  .object({ version: z.number().int(), subject: z.string().nullable(), createdAt: z.iso.datetime() })
  .meta({ id: "TemplateVersionSummary" });

export const renderedTemplateSchema = z
  .object({ subject: z.string().nullable(), html: z.string().nullable(), text: z.string().nullable() })
  .meta({ id: "RenderedTemplate" });

export type RenderedTemplate = z.infer<typeof renderedTemplateSchema>;

/** What a send gives instead of subject, html and text. */
export const sendTemplateField = z
  .strictObject({
    id: z.string().trim().min(1).max(64),
    version: z.number().int().min(1).optional(),
    variables: variablesInput,
  })
  .meta({ id: "SendTemplate", description: "A stored template to render: its subject, html and text replace the send's own." });
