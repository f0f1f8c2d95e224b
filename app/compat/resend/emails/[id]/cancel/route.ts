import { z } from "zod";
import { resendMethods, resendRoute } from "@/server/compat/resend/resend-route";
import { cancelMessage } from "@/server/services/messages/cancel-message";
import { resendIdParams } from "@/shared/schemas/resend-compat";

// POST /compat/resend/emails/{id}/cancel — cancel a scheduled email
export const { GET, POST, PUT, PATCH, DELETE } = resendMethods(
  resendRoute({
    method: "POST",
    path: "/emails/{id}/cancel",
    access: "sending:write",
    scope: "sending",
    params: resendIdParams,
    body: z.strictObject({}),
    emptyBodyAllowed: true,
  }).handle(async ({ auth, params }) => {
    const message = await cancelMessage(auth, params.id);
    return { object: "email", id: message.id };
  }),
);
