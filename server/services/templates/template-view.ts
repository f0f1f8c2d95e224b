// A template version as the API returns it.
import type { templates, templateVersions } from "@/server/db/schema";
import type { Template } from "@/shared/schemas/templates";

export type StoredVersion = { template: typeof templates.$inferSelect; version: typeof templateVersions.$inferSelect };

export const templateView = ({ template, version }: StoredVersion): Template => ({
  id: template.id,
  name: template.name,
  kind: template.kind,
  version: version.version,
  subject: version.subject,
  html: version.html,
  text: version.text,
  variables: version.variables,
  layoutId: version.layoutId,
  createdAt: template.createdAt.toISOString(),
  updatedAt: version.createdAt.toISOString(),
});
