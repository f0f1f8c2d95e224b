import * as api from "@/shared/api/endpoints/sending-domains";
import { methods, route } from "@/server/http/route";
import { deleteDomain } from "@/server/services/domains/delete-domain";
import { getDomainView } from "@/server/services/domains/domain-view";

// GET /api/v1/sending/domains/{domain_id} — one domain with its records
// DELETE /api/v1/sending/domains/{domain_id} — delete it
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.getDomain).handle(({ auth, params }) => getDomainView(auth.accountId, params.domain_id)),
  route(api.deleteDomain).handle(async ({ auth, params, client }) => {
    await deleteDomain(auth.accountId, params.domain_id, client);
    return null;
  }),
);
