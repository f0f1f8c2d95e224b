import { idempotencyKeyOf } from "@/server/http/idempotency-key";
import { methods, route } from "@/server/http/route";
import { listMessages as listAccountMessages } from "@/server/services/messages/read-messages";
import { sendMessage as sendAccountMessage } from "@/server/services/messages/send-message";
import { listMessages, sendMessage } from "@/shared/api/endpoints/messages";

// GET, POST /api/v1/sending/messages — the account's messages; send one
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(listMessages).handle(({ auth, query }) => listAccountMessages(auth, query)),
  route(sendMessage).handle(async ({ auth, body, request, response }) => {
    const result = await sendAccountMessage(auth, { input: body, idempotencyKey: idempotencyKeyOf(request) });
    if (result.replayed) response.headers.set("idempotent-replayed", "true");
    return result.message;
  }),
);
