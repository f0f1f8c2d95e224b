import { methods, route } from "@/server/http/route";
import { confirmEmail as confirmAccountEmail } from "@/server/services/account/confirm-email";
import { confirmEmail } from "@/shared/api/endpoints/email-confirmation";

// POST /api/v1/account/email/confirm — confirm the address with the emailed code
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(confirmEmail).handle(({ auth, body, ip, userAgent }) => confirmAccountEmail(auth, body.code, { ip, userAgent })),
);
