import { idempotencyKeyOf } from "@/server/http/idempotency-key";
import { methods, route } from "@/server/http/route";
import { listMessages } from "@/server/services/messages/read-messages";
import { sendMessage } from "@/server/services/messages/send-message";
import * as api from "@/shared/api/endpoints/messages";

// GET, POST /api/v1/sending/messages — the account's messages; send one
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.listMessages).handle(({ auth, query }) => listMessages(auth, query)),
  route(api.sendMessage).handle(async ({ auth, body, request, response, viaPortal }) => {
    const source = viaPortal && !auth.apiKey ? "portal" : "api";
    const result = await sendMessage(auth, { input: body, idempotencyKey: idempotencyKeyOf(request), source });
    if (result.replayed) response.headers.set("idempotent-replayed", "true");
    return result.message;
  }),
);
