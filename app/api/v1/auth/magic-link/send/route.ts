import * as api from "@/shared/api/endpoints/email-sign-in";
import { methods, route } from "@/server/http/route";
import { sendEmailedSecret } from "@/server/services/auth/send-emailed-secret";

// POST /api/v1/auth/magic-link/send — email a sign-in link (same answer for every email)
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.sendMagicLink).handle(async ({ body, client }) => {
    await sendEmailedSecret("magic_link", body.email, client);
    return null;
  }),
);
