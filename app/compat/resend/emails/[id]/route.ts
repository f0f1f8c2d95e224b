import { emailObject } from "@/server/compat/resend/email-object";
import { resendMethods, resendRoute } from "@/server/compat/resend/resend-route";
import { getMessage } from "@/server/services/messages/read-messages";
import { rescheduleMessage } from "@/server/services/messages/reschedule-message";
import { resendIdParams, resendUpdateEmailBody } from "@/shared/schemas/resend-compat";

// GET /compat/resend/emails/{id} — one email, with each recipient's outcome
// PATCH /compat/resend/emails/{id} — move a scheduled email to another time
export const { GET, POST, PUT, PATCH, DELETE } = resendMethods(
  resendRoute({ method: "GET", path: "/emails/{id}", access: "sending:read", scope: "sending", params: resendIdParams }).handle(
    async ({ auth, params }) => emailObject(await getMessage(auth, params.id)),
  ),
  resendRoute({
    method: "PATCH",
    path: "/emails/{id}",
    access: "sending:write",
    scope: "sending",
    params: resendIdParams,
    body: resendUpdateEmailBody,
  }).handle(async ({ auth, params, body }) => {
    const message = await rescheduleMessage(auth, params.id, body.scheduled_at);
    return { object: "email", id: message.id };
  }),
);
