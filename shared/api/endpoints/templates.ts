import { z } from "zod";
import {
  createTemplateBody,
  listTemplatesQuery,
  previewTemplateBody,
  renderedTemplateSchema,
  renderTemplateBody,
  replaceTemplateBody,
  TEMPLATE_BODY_LIMIT_BYTES,
  templateIdParams,
  templatePageSchema,
  templateSchema,
  templateVersionParams,
  templateVersionSummarySchema,
} from "@/shared/schemas/templates";
import { defineEndpoint } from "../endpoint";

const language =
  "`subject`, `html` and `text` use a subset of Handlebars: `{{name}}` (HTML-escaped in `html`), `{{{name}}}` (as is), `{{#if x}}…{{else}}…{{/if}}`, `{{#each xs}}…{{/each}}`, dotted paths and `this`; nothing else (no helpers, no partials). A syntax error, a construct outside the subset, an invalid variables schema or a layout without `{{{content}}}` exactly once is 400 with the field's path.";

export const listTemplates = defineEndpoint({
  method: "GET",
  path: "/sending/templates",
  operationId: "listTemplates",
  access: "sending:read",
  summary: "The account's templates and layouts, latest change first",
  description:
    "Each at its latest version, without its parts (`GET /sending/templates/{template_id}` has them). Readable with an API key of either scope.",
  tag: "Templates",
  auth: "bearer-or-api-key",
  apiKeyScope: "sending",
  query: listTemplatesQuery,
  response: templatePageSchema,
  message: "OK",
});

export const createTemplate = defineEndpoint({
  method: "POST",
  path: "/sending/templates",
  operationId: "createTemplate",
  access: "sending:write",
  summary: "Create a template or a layout",
  description: `Version 1 of it. A template has a \`subject\` and \`html\` or \`text\` (a missing text part is made from the HTML when it is rendered) and may name a \`layoutId\`; a layout has \`html\` holding \`{{{content}}}\` once, where its templates' HTML goes. \`variables\` is a JSON Schema (draft 2020-12) with \`type: "object"\` that every send's variables are checked against (\`pattern\` is not supported). ${language} Needs an access token or an API key with scope \`full\`.`,
  tag: "Templates",
  auth: "bearer-or-api-key",
  apiKeyScope: "full",
  body: createTemplateBody,
  bodyLimitBytes: TEMPLATE_BODY_LIMIT_BYTES,
  response: templateSchema,
  status: 201,
  message: "Template created",
  errors: ["plan_limit"],
});

export const getTemplate = defineEndpoint({
  method: "GET",
  path: "/sending/templates/{template_id}",
  operationId: "getTemplate",
  access: "sending:read",
  summary: "A template at its latest version",
  description: "Readable with an API key of either scope.",
  tag: "Templates",
  auth: "bearer-or-api-key",
  apiKeyScope: "sending",
  params: templateIdParams,
  response: templateSchema,
  message: "OK",
  errors: ["not_found"],
});

export const replaceTemplate = defineEndpoint({
  method: "PUT",
  path: "/sending/templates/{template_id}",
  operationId: "replaceTemplate",
  access: "sending:write",
  summary: "Save a new version of a template",
  description: `The whole template again (its kind stays): stored as the next version, which sends use from now on unless they pin one. Earlier versions stay readable and sendable. ${language} Needs an access token or an API key with scope \`full\`.`,
  tag: "Templates",
  auth: "bearer-or-api-key",
  apiKeyScope: "full",
  params: templateIdParams,
  body: replaceTemplateBody,
  bodyLimitBytes: TEMPLATE_BODY_LIMIT_BYTES,
  response: templateSchema,
  message: "Template saved",
  errors: ["not_found"],
});

export const deleteTemplate = defineEndpoint({
  method: "DELETE",
  path: "/sending/templates/{template_id}",
  operationId: "deleteTemplate",
  access: "sending:write",
  summary: "Delete a template or a layout",
  description:
    "It leaves the list and can no longer be sent; messages sent with it still name it. A layout that the latest version of a template uses is 409 `in_use`. Needs an access token or an API key with scope `full`.",
  tag: "Templates",
  auth: "bearer-or-api-key",
  apiKeyScope: "full",
  params: templateIdParams,
  response: z.null(),
  message: "Template deleted",
  errors: ["not_found", "in_use"],
});

export const getTemplateVersion = defineEndpoint({
  method: "GET",
  path: "/sending/templates/{template_id}/versions/{version}",
  operationId: "getTemplateVersion",
  access: "sending:read",
  summary: "One version of a template",
  description: "Any version, as it was saved. Readable with an API key of either scope.",
  tag: "Templates",
  auth: "bearer-or-api-key",
  apiKeyScope: "sending",
  params: templateVersionParams,
  response: templateSchema,
  message: "OK",
  errors: ["not_found"],
});

export const renderTemplate = defineEndpoint({
  method: "POST",
  path: "/sending/templates/{template_id}/render",
  operationId: "renderTemplate",
  access: "sending:read",
  summary: "Render a template without sending it",
  description:
    "What a send with these `variables` would carry: the subject, the HTML in its layout, and the text part (made from the HTML when the template has none). Variables that fail the template's schema are 400 with paths `variables.…`. An API key of either scope may render.",
  tag: "Templates",
  auth: "bearer-or-api-key",
  apiKeyScope: "sending",
  params: templateIdParams,
  body: renderTemplateBody,
  response: renderedTemplateSchema,
  message: "Rendered",
  errors: ["not_found"],
});

export const listTemplateVersions = defineEndpoint({
  method: "GET",
  path: "/sending/templates/{template_id}/versions",
  operationId: "listTemplateVersions",
  access: "sending:read",
  summary: "A template's versions, newest first",
  description:
    "Each version's number, subject and when it was saved; `GET …/versions/{version}` has its parts. Readable with an API key of either scope.",
  tag: "Templates",
  auth: "bearer-or-api-key",
  apiKeyScope: "sending",
  params: templateIdParams,
  response: z.array(templateVersionSummarySchema),
  message: "OK",
  errors: ["not_found"],
});

export const previewTemplate = defineEndpoint({
  method: "POST",
  path: "/sending/templates/preview",
  operationId: "previewTemplate",
  access: "sending:read",
  summary: "Render a template that is not saved",
  description:
    "A template (or layout) as it is being written, checked as a save would check it (problems at `template.<field>`) and rendered with `variables`: what the portal's live preview shows. Nothing is stored or sent. A layout is rendered with `variables.content` in its slot. An API key of either scope may preview.",
  tag: "Templates",
  auth: "bearer-or-api-key",
  apiKeyScope: "sending",
  body: previewTemplateBody,
  bodyLimitBytes: TEMPLATE_BODY_LIMIT_BYTES,
  response: renderedTemplateSchema,
  message: "Rendered",
});
