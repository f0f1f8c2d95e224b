// Request bodies of the Resend-compatible surface (docs/resend-compatibility.md),
// in Resend's snake_case. They rename fields and nothing more: each send is then
// held to `sendMessageBody`, so a rule of the API is never written twice.
import { z } from "zod";
import { sendMessageBody } from "./messages";
import { type apiKeyScopes, createApiKeyBody } from "./api-keys";
import { createDomainBody } from "./sending-domain";

/** snake_case field → the API's own name, for requests in and error paths out. */
const renamed = {
  reply_to: "replyTo",
  scheduled_at: "scheduledAt",
  topic_id: "topicId",
  content_type: "contentType",
  content_id: "contentId",
  domain_id: "domainId",
} as const;

const backToSnake = new Map<string, string>(Object.entries(renamed).map(([snake, camel]) => [camel, snake]));

/** A field path of the API (`attachments.0.contentType`) as this surface names it (`attachments[0].content_type`). */
export function resendPath(path: string): string {
  return path
    .split(".")
    .map((part) => (/^\d+$/.test(part) ? `[${part}]` : (backToSnake.get(part) ?? part)))
    .join(".")
    .replace(/\.\[/g, "[");
}

const resendAttachment = z
  .strictObject({
    filename: z.unknown().optional(),
    content: z.unknown().optional(),
    content_type: z.unknown().optional(),
    content_id: z.unknown().optional(),
    path: z
      .unknown()
      .refine((value) => value === undefined, "Attachments by URL (`path`) are not supported: give base64 `content`")
      .optional(),
  })
  .transform(({ content_type, content_id, path: _path, ...rest }) => ({ ...rest, contentType: content_type, contentId: content_id }));

const resendTemplate = z.strictObject({ id: z.unknown().optional(), version: z.unknown().optional(), variables: z.unknown().optional() });

/** One email as Resend's API takes it; its values are checked by the API's own send schema. */
export const resendEmailBody = z
  .strictObject({
    from: z.unknown().optional(),
    to: z.unknown().optional(),
    cc: z.unknown().optional(),
    bcc: z.unknown().optional(),
    reply_to: z.unknown().optional(),
    subject: z.unknown().optional(),
    html: z.unknown().optional(),
    text: z.unknown().optional(),
    headers: z.unknown().optional(),
    attachments: z.array(resendAttachment).optional(),
    tags: z.unknown().optional(),
    scheduled_at: z.unknown().optional(),
    template: resendTemplate.optional(),
    topic_id: z.unknown().optional(),
  })
  // Typed `unknown`: the API's schema that follows checks every value.
  .transform(({ reply_to, scheduled_at, topic_id, ...rest }): unknown => ({
    ...rest,
    replyTo: reply_to,
    scheduledAt: scheduled_at,
    topicId: topic_id,
  }))
  .pipe(sendMessageBody);

/** `x-batch-validation`: `strict` refuses the whole batch for one bad email; `permissive` sends the valid ones. */
export const batchValidationHeader = z.enum(["strict", "permissive"]).default("strict");
export const batchHeaders = z.object({ "x-batch-validation": batchValidationHeader });

export const resendUpdateEmailBody = z.strictObject({
  scheduled_at: z.iso.datetime({ offset: true, message: "scheduled_at is an ISO 8601 date-time, e.g. 2030-01-01T09:00:00Z" }),
});

export const resendListQuery = z
  .object({
    limit: z.coerce.number({ error: "limit must be a whole number from 1 to 100" }).int().min(1).max(100).default(20),
    after: z.string().min(1).max(64).optional(),
    before: z.string().min(1).max(64).optional(),
  })
  .refine((query) => !(query.after && query.before), { message: "Give after or before, not both", path: ["before"] });

export const resendCreateDomainBody = z.strictObject({ name: z.unknown().optional() }).pipe(createDomainBody);

const resendPermissions = { full_access: "full", sending_access: "sending" } as const satisfies Record<
  string,
  (typeof apiKeyScopes)[number]
>;

export const resendCreateApiKeyBody = z
  .strictObject({
    name: z.unknown().optional(),
    permission: z.enum(["full_access", "sending_access"]).default("full_access"),
    domain_id: z.unknown().optional(),
  })
  .transform(({ name, permission, domain_id }): unknown => ({ name, scope: resendPermissions[permission], domainId: domain_id }))
  .pipe(createApiKeyBody);

export const resendIdParams = z.object({ id: z.string().min(1).max(64) });
