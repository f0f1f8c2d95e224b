import { z } from "zod";
import { resendMethods, resendRoute } from "@/server/compat/resend/resend-route";
import { sendEmailBatch } from "@/server/compat/resend/send-email-batch";
import { idempotencyKeyOf } from "@/server/http/idempotency-key";
import { validatePart } from "@/server/http/validate";
import { MAX_BATCH_MESSAGES } from "@/shared/schemas/message-batch";
import { SEND_BODY_LIMIT_BYTES } from "@/shared/schemas/message-attachments";
import { batchHeaders } from "@/shared/schemas/resend-compat";

const batchBody = z
  .array(z.unknown())
  .min(1, "At least one email")
  .max(MAX_BATCH_MESSAGES, `At most ${MAX_BATCH_MESSAGES} emails in a batch`);

// POST /compat/resend/emails/batch — up to 100 emails; `x-batch-validation: strict | permissive`
export const { GET, POST, PUT, PATCH, DELETE } = resendMethods(
  resendRoute({
    method: "POST",
    path: "/emails/batch",
    access: "sending:write",
    scope: "sending",
    body: batchBody,
    bodyLimitBytes: SEND_BODY_LIMIT_BYTES,
  }).handle(async ({ auth, body, request, response }) => {
    const headers = { "x-batch-validation": request.headers.get("x-batch-validation") ?? undefined };
    const mode = validatePart(batchHeaders, headers, "headers")["x-batch-validation"];
    const { replayed, ...answer } = await sendEmailBatch(auth, body, mode, idempotencyKeyOf(request));
    if (replayed) response.headers.set("idempotent-replayed", "true");
    return answer;
  }),
);
