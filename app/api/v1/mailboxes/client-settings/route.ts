import * as api from "@/shared/api/endpoints/mailboxes";
import { methods, route } from "@/server/http/route";
import { mailClientSettings } from "@/server/mail/client-settings";

// GET /api/v1/mailboxes/client-settings — the IMAP, POP3 and SMTP servers mail clients connect to
export const { GET, POST, PUT, PATCH, DELETE } = methods(route(api.getMailClientSettings).handle(async () => mailClientSettings()));
