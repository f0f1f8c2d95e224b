import { AppError } from "@/server/errors";
import { methods, route } from "@/server/http/route";
import { listMessages } from "@/server/services/messages/read-messages";
import { sendMessage } from "@/server/services/messages/send-message";
import * as api from "@/shared/api/endpoints/messages";
import { idempotencyKeyHeader } from "@/shared/schemas/messages";

function idempotencyKeyOf(request: Request): string | null {
  const value = request.headers.get("idempotency-key");
  if (value === null) return null;
  const parsed = idempotencyKeyHeader.safeParse(value);
  if (!parsed.success) {
    throw new AppError("validation_error", "The Idempotency-Key header is invalid.", {
      errors: [{ path: "headers.Idempotency-Key", message: parsed.error.issues[0]!.message }],
    });
  }
  return parsed.data;
}

// GET, POST /api/v1/sending/messages — the account's messages; send one
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.listMessages).handle(({ auth, query }) => listMessages(auth, query)),
  route(api.sendMessage).handle(async ({ auth, body, request, response }) => {
    const result = await sendMessage(auth, { input: body, idempotencyKey: idempotencyKeyOf(request) });
    if (result.replayed) response.headers.set("idempotent-replayed", "true");
    return result.message;
  }),
);
