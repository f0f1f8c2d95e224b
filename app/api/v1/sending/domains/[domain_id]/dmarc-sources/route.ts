import { methods, route } from "@/server/http/route";
import { listDmarcSources } from "@/server/services/dmarc/read-dmarc-reports";
import * as api from "@/shared/api/endpoints/sending-domains";

// GET /api/v1/sending/domains/{domain_id}/dmarc-sources — who sends as the domain, from its reports
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.listDmarcSources).handle(({ auth, params, query }) => listDmarcSources(auth.accountId, params.domain_id, query)),
);
