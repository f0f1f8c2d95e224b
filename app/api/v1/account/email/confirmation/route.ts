import { methods, route } from "@/server/http/route";
import { sendEmailConfirmation } from "@/server/services/account/confirm-email";
import * as api from "@/shared/api/endpoints/email-confirmation";

// POST /api/v1/account/email/confirmation — email a code that confirms the address
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.sendEmailConfirmation).handle(({ auth }) => sendEmailConfirmation(auth)),
);
