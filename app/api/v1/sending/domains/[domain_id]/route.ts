import { deleteDomain, getDomain } from "@/shared/api/endpoints/sending-domains";
import { methods, route } from "@/server/http/route";
import { deleteDomain as removeDomain } from "@/server/services/domains/delete-domain";
import { getDomainView } from "@/server/services/domains/domain-view";

// GET /api/v1/sending/domains/{domain_id} — one domain with its records
// DELETE /api/v1/sending/domains/{domain_id} — delete it
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(getDomain).handle(({ auth, params }) => getDomainView(auth.accountId, params.domain_id)),
  route(deleteDomain).handle(async ({ auth, params, ip, userAgent }) => {
    await removeDomain(auth.accountId, params.domain_id, { ip, userAgent });
    return null;
  }),
);
