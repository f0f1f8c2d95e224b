// The sends of a request with their content: their own, or their stored
// template's rendering (docs/templates.md). Every template of the request is
// rendered before anything is stored, and every problem of a batch is
// reported at once (paths `messages.<i>.template…`), so a batch stays all or
// nothing. Each distinct template version is read once per request.
import { AppError } from "@/server/errors";
import { getTemplateVersionOrThrow } from "@/server/services/templates/manage-templates";
import { layoutOf, renderVersion } from "@/server/services/templates/render-template";
import type { StoredVersion } from "@/server/services/templates/template-view";
import type { FieldError } from "@/shared/api/errors";
import { messageSubject, type SendMessageInput, type SendMessageRequest } from "@/shared/schemas/messages";

type Rendered = { input: SendMessageInput; template: { id: string; version: number } | null };

/**
 * The rendered subject, held to the rules of a subject given inline: a
 * variable that brings a line break (which would start a header of its own)
 * or leaves it empty fails the send instead of being passed on.
 */
function renderedSubject(subject: string | null, at: string): string {
  const parsed = messageSubject.safeParse(subject ?? "");
  if (parsed.success) return parsed.data;
  const message = `The rendered subject is not one: ${parsed.error.issues[0]!.message.toLowerCase()}`;
  throw new AppError("validation_error", message, { errors: [{ path: `${at}.variables`, message }] });
}

export async function withTemplatesRendered(
  accountId: string,
  requests: SendMessageRequest[],
  prefix: (index: number) => string,
): Promise<Rendered[]> {
  const versions = new Map<string, Promise<{ stored: StoredVersion; layout: StoredVersion | null }>>();
  const load = (id: string, version?: number) => {
    const key = `${id}:${version ?? "latest"}`;
    let found = versions.get(key);
    if (!found) {
      found = getTemplateVersionOrThrow(accountId, id, version).then(async (stored) => ({ stored, layout: await layoutOf(stored) }));
      versions.set(key, found);
    }
    return found;
  };
  const errors: FieldError[] = [];
  const rendered = await Promise.all(
    requests.map(async (request, index): Promise<Rendered | null> => {
      const { template, subject, ...rest } = request;
      if (!template) return { input: { ...rest, subject: subject! }, template: null };
      const { stored, layout } = await load(template.id, template.version);
      const at = `${prefix(index)}template`;
      if (stored.template.kind !== "template") {
        errors.push({ path: `${at}.id`, message: "This is a layout: send one of its templates" });
        return null;
      }
      try {
        const content = renderVersion(stored, layout, template.variables, at);
        const subject = renderedSubject(content.subject, at);
        return {
          input: { ...rest, subject, html: content.html ?? undefined, text: content.text ?? undefined },
          template: { id: stored.template.id, version: stored.version.version },
        };
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== "validation_error") throw error;
        errors.push(...(error.details.errors ?? []));
        return null;
      }
    }),
  );
  if (errors.length > 0)
    throw new AppError(
      "validation_error",
      requests.length > 1 ? "Some messages' templates cannot be rendered; none was sent." : errors[0]!.message,
      {
        errors,
      },
    );
  return rendered as Rendered[];
}
