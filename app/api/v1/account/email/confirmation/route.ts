import { methods, route } from "@/server/http/route";
import { sendEmailConfirmation as sendConfirmationCode } from "@/server/services/account/confirm-email";
import { sendEmailConfirmation } from "@/shared/api/endpoints/email-confirmation";

// POST /api/v1/account/email/confirmation — email a code that confirms the address
export const { GET, POST, PUT, PATCH, DELETE } = methods(route(sendEmailConfirmation).handle(({ auth }) => sendConfirmationCode(auth)));
