import { methods, route } from "@/server/http/route";
import { listDmarcReports } from "@/server/services/dmarc/read-dmarc-reports";
import * as api from "@/shared/api/endpoints/sending-domains";

// GET /api/v1/sending/domains/{domain_id}/dmarc-reports — the domain's DMARC aggregate reports
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.listDmarcReports).handle(({ auth, params, query }) => listDmarcReports(auth.accountId, params.domain_id, query)),
);
