import * as api from "@/shared/api/endpoints/mailboxes";
import { methods, route } from "@/server/http/route";
import { env } from "@/server/config/env";
import { mailClientSettings } from "@/server/mail-store/client-settings";
import { readMailStorage } from "@/server/mail-store/dovecot/mail-store-status";

// GET /api/v1/mailboxes/client-settings — the IMAP, POP3 and SMTP servers mail clients connect to, and whether the storage is up
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.getMailClientSettings).handle(async () => ({ ...mailClientSettings(), storage: readMailStorage(env()) })),
);
