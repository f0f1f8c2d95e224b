import { idempotencyKeyOf } from "@/server/http/idempotency-key";
import { methods, route } from "@/server/http/route";
import { sendMessageBatch } from "@/server/services/messages/send-message";
import * as api from "@/shared/api/endpoints/messages";

// POST /api/v1/sending/messages/batch — send up to 100 messages at once
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.sendMessageBatch).handle(async ({ auth, body, request, response }) => {
    const result = await sendMessageBatch(auth, { input: body, idempotencyKey: idempotencyKeyOf(request) });
    if (result.replayed) response.headers.set("idempotent-replayed", "true");
    return { items: result.items };
  }),
);
