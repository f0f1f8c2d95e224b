import { methods, route } from "@/server/http/route";
import { confirmEmail } from "@/server/services/account/confirm-email";
import * as api from "@/shared/api/endpoints/email-confirmation";

// POST /api/v1/account/email/confirm — confirm the address with the emailed code
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.confirmEmail).handle(({ auth, body, client }) => confirmEmail(auth, body.code, client)),
);
