import { methods, route } from "@/server/http/route";
import { openTicket } from "@/server/services/support/open-ticket";
import * as api from "@/shared/api/endpoints/support";

// POST /api/v1/support — open a ticket, signed in or not
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.openSupportTicket).handle(({ auth, body, client }) => openTicket(body, auth, client)),
);
