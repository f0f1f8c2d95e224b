// Stored templates and layouts (docs/templates.md): create (version 1),
// replace (every PUT stores a new version; old ones stay readable), read the
// latest or any version, list, and delete. A layout that the latest version
// of a live template is rendered in cannot be deleted (409 in_use). Deleting
// keeps the rows (deleted_at): messages sent with a template still name it,
// and older versions that used a deleted layout still render.
import { and, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { now } from "@/server/clock";
import { db, type Executor } from "@/server/db/client";
import { templates, templateVersions } from "@/server/db/schema";
import { AppError, notFound } from "@/server/errors";
import { newId } from "@/server/ids";
import { recordActivity } from "@/server/services/activity/record-activity";
import type { ClientInfo } from "@/shared/api/client-info";
import { pageInfo } from "@/shared/schemas/pagination";
import type { createTemplateBody, listTemplatesQuery, Template, TemplateInput } from "@/shared/schemas/templates";
import type { z } from "zod";
import { checkTemplateInput } from "./check-template-input";
import { type StoredVersion, templateView } from "./template-view";

/** Live templates and layouts an account may keep. */
export const TEMPLATES_PER_ACCOUNT = 500;

const live = (accountId: string, templateId: string) =>
  and(eq(templates.id, templateId), eq(templates.accountId, accountId), isNull(templates.deletedAt));

const versionRow = (templateId: string, version: number, input: TemplateInput) => ({
  templateId,
  version,
  subject: input.subject ?? null,
  html: input.html ?? null,
  text: input.text ?? null,
  variables: input.variables ?? null,
  layoutId: input.layoutId ?? null,
});

/** A version of a live template of the account (the latest by default), or 404. */
export async function getTemplateVersionOrThrow(
  accountId: string,
  templateId: string,
  version?: number,
  tx: Executor = db(),
): Promise<StoredVersion> {
  const [found] = await tx
    .select({ template: templates, version: templateVersions })
    .from(templates)
    .innerJoin(templateVersions, eq(templateVersions.templateId, templates.id))
    .where(and(live(accountId, templateId), eq(templateVersions.version, version ?? templates.version)))
    .limit(1);
  if (!found) throw notFound(version ? "Template version" : "Template");
  return found;
}

export async function getTemplate(accountId: string, templateId: string, version?: number): Promise<Template> {
  return templateView(await getTemplateVersionOrThrow(accountId, templateId, version));
}

export async function listTemplates(accountId: string, query: z.output<typeof listTemplatesQuery>) {
  const where = and(
    eq(templates.accountId, accountId),
    isNull(templates.deletedAt),
    query.kind ? eq(templates.kind, query.kind) : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    db()
      .select({ template: templates, version: templateVersions })
      .from(templates)
      .innerJoin(templateVersions, and(eq(templateVersions.templateId, templates.id), eq(templateVersions.version, templates.version)))
      .where(where)
      .orderBy(desc(templates.updatedAt), desc(templates.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db().select({ total: count() }).from(templates).where(where),
  ]);
  const items = rows.map((row) => {
    const { html: _html, text: _text, variables: _variables, ...summary } = templateView(row);
    return summary;
  });
  return { items, pagination: pageInfo(query.page, query.limit, totals?.total ?? 0) };
}

export async function createTemplate(accountId: string, input: z.output<typeof createTemplateBody>, client: ClientInfo): Promise<Template> {
  const { kind, ...fields } = input;
  return db().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`templates:${accountId}`}, 0))`);
    const [existing] = await tx
      .select({ total: count() })
      .from(templates)
      .where(and(eq(templates.accountId, accountId), isNull(templates.deletedAt)));
    if ((existing?.total ?? 0) >= TEMPLATES_PER_ACCOUNT)
      throw new AppError("plan_limit", `An account keeps at most ${TEMPLATES_PER_ACCOUNT} templates and layouts; delete one first.`);
    await checkTemplateInput(tx, accountId, kind, fields);
    const [template] = await tx
      .insert(templates)
      .values({ id: newId("tpl"), accountId, name: fields.name, kind })
      .returning();
    const [version] = await tx
      .insert(templateVersions)
      .values(versionRow(template!.id, 1, fields))
      .returning();
    await recordActivity(
      {
        accountId,
        type: "template.created",
        description: `${kind === "layout" ? "Layout" : "Template"} "${template!.name}" created`,
        ip: client.ip,
        userAgent: client.userAgent,
        metadata: { templateId: template!.id },
      },
      tx,
    );
    return templateView({ template: template!, version: version! });
  });
}

/** PUT: the whole template again, stored as its next version. */
export async function replaceTemplate(accountId: string, templateId: string, input: TemplateInput, client: ClientInfo): Promise<Template> {
  return db().transaction(async (tx) => {
    const [current] = await tx.select().from(templates).where(live(accountId, templateId)).for("update");
    if (!current) throw notFound("Template");
    await checkTemplateInput(tx, accountId, current.kind, input);
    const [template] = await tx
      .update(templates)
      .set({ name: input.name, version: current.version + 1, updatedAt: now() })
      .where(eq(templates.id, templateId))
      .returning();
    const [version] = await tx
      .insert(templateVersions)
      .values(versionRow(templateId, template!.version, input))
      .returning();
    await recordActivity(
      {
        accountId,
        type: "template.updated",
        description: `"${template!.name}" saved as version ${template!.version}`,
        ip: client.ip,
        userAgent: client.userAgent,
        metadata: { templateId, version: template!.version },
      },
      tx,
    );
    return templateView({ template: template!, version: version! });
  });
}

export async function deleteTemplate(accountId: string, templateId: string, client: ClientInfo): Promise<void> {
  await db().transaction(async (tx) => {
    const [current] = await tx.select().from(templates).where(live(accountId, templateId)).for("update");
    if (!current) throw notFound("Template");
    if (current.kind === "layout") {
      const users = await tx
        .select({ name: templates.name })
        .from(templates)
        .innerJoin(templateVersions, and(eq(templateVersions.templateId, templates.id), eq(templateVersions.version, templates.version)))
        .where(and(eq(templates.accountId, accountId), isNull(templates.deletedAt), eq(templateVersions.layoutId, templateId)))
        .limit(5);
      if (users.length > 0)
        throw new AppError(
          "in_use",
          `This layout is in use by ${users.map((user) => `"${user.name}"`).join(", ")}${users.length === 5 ? " and others" : ""}; give them another layout first.`,
        );
    }
    await tx.update(templates).set({ deletedAt: now() }).where(eq(templates.id, templateId));
    await recordActivity(
      {
        accountId,
        type: "template.deleted",
        description: `${current.kind === "layout" ? "Layout" : "Template"} "${current.name}" deleted`,
        ip: client.ip,
        userAgent: client.userAgent,
        metadata: { templateId },
      },
      tx,
    );
  });
}

/** The latest versions of the layouts among `ids`, deleted ones too: a version that used one still renders in it. */
export async function findLayouts(tx: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ template: templates, version: templateVersions })
    .from(templates)
    .innerJoin(templateVersions, and(eq(templateVersions.templateId, templates.id), eq(templateVersions.version, templates.version)))
    .where(inArray(templates.id, ids));
}

/** Every version of a live template of the account, newest first (a version's own parts: GET …/versions/{n}). */
export async function listTemplateVersions(accountId: string, templateId: string) {
  const [template] = await db().select({ id: templates.id }).from(templates).where(live(accountId, templateId));
  if (!template) throw notFound("Template");
  const rows = await db()
    .select({ version: templateVersions.version, subject: templateVersions.subject, createdAt: templateVersions.createdAt })
    .from(templateVersions)
    .where(eq(templateVersions.templateId, templateId))
    .orderBy(desc(templateVersions.version));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
