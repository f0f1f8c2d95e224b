import { resendMethods, resendRoute } from "@/server/compat/resend/resend-route";
import { listedEmailObject } from "@/server/compat/resend/email-object";
import { idempotencyKeyOf } from "@/server/http/idempotency-key";
import { listMessagesByCursor } from "@/server/services/messages/list-messages-by-cursor";
import { sendMessage } from "@/server/services/messages/send-message";
import { SEND_BODY_LIMIT_BYTES } from "@/shared/schemas/message-attachments";
import { resendEmailBody, resendListQuery } from "@/shared/schemas/resend-compat";

// POST /compat/resend/emails — send an email (Resend's shape) through the API's send service
// GET /compat/resend/emails — the account's emails, newest first, by cursor
export const { GET, POST, PUT, PATCH, DELETE } = resendMethods(
  resendRoute({
    method: "POST",
    path: "/emails",
    access: "sending:write",
    scope: "sending",
    body: resendEmailBody,
    bodyLimitBytes: SEND_BODY_LIMIT_BYTES,
  }).handle(async ({ auth, body, request, response }) => {
    const result = await sendMessage(auth, { input: body, idempotencyKey: idempotencyKeyOf(request) });
    if (result.replayed) response.headers.set("idempotent-replayed", "true");
    return { id: result.message.id };
  }),
  resendRoute({ method: "GET", path: "/emails", access: "sending:read", scope: "sending", query: resendListQuery }).handle(
    async ({ auth, query }) => {
      const page = await listMessagesByCursor(auth, query);
      return { object: "list", has_more: page.hasMore, data: page.items.map(listedEmailObject) };
    },
  ),
);
