import { idempotencyKeyOf } from "@/server/http/idempotency-key";
import { methods, route } from "@/server/http/route";
import { sessionPrincipal } from "@/server/services/auth/sending-principal";
import { sendFromMailbox } from "@/server/services/webmail/send-from-mailbox";
import * as api from "@/shared/api/endpoints/mailbox-compose";

// POST /api/v1/mailboxes/{mailbox_id}/send — compose, reply or forward as the mailbox, through the sending pipeline
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.sendFromMailbox).handle(async ({ auth, params, body, request, response }) => {
    const result = await sendFromMailbox(sessionPrincipal(auth), params.mailbox_id, body, idempotencyKeyOf(request));
    if (result.replayed) response.headers.set("idempotent-replayed", "true");
    return result.message;
  }),
);
