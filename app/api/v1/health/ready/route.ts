import * as api from "@/shared/api/endpoints/health";
import { methods, route } from "@/server/http/route";
import { env } from "@/server/config/env";
import { readMailStoreStatus } from "@/server/mail-store/dovecot/mail-store-status";
import { readPostfixStatus } from "@/server/outbound/postfix/postfix-status";
import { readRspamdStatus } from "@/server/spam-filter/rspamd-status";
import { checkDatabase } from "@/server/services/health/check-database";

// GET /api/v1/health/ready — readiness, checks the database; reports the mail storage, the outbound MTA and the spam filter
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.getReadiness).handle(async () => {
    await checkDatabase();
    return {
      status: "ready",
      database: "ok",
      mailStorage: readMailStoreStatus(env()),
      outboundMta: readPostfixStatus(env()),
      spamFilter: readRspamdStatus(env()),
    };
  }),
);
