import * as api from "@/shared/api/endpoints/sending-domains";
import { methods, route } from "@/server/http/route";
import { verifyDomain } from "@/server/services/domains/verify-domain";

// POST /api/v1/sending/domains/{domain_id}/verify — check the domain's DNS now
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.verifyDomain).handle(({ auth, params, client }) => verifyDomain(auth.accountId, params.domain_id, client)),
);
