import { methods, route } from "@/server/http/route";
import { openTicket } from "@/server/services/support/open-ticket";
import { openSupportTicket } from "@/shared/api/endpoints/support";

// POST /api/v1/support — open a ticket, signed in or not
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(openSupportTicket).handle(({ auth, body, ip, userAgent }) => openTicket(body, auth, { ip, userAgent })),
);
