import * as api from "@/shared/api/endpoints/sending-domains";
import { methods, route } from "@/server/http/route";
import { createDomain } from "@/server/services/domains/create-domain";
import { listDomains } from "@/server/services/domains/list-domains";

// GET /api/v1/sending/domains — the account's sending domains
// POST /api/v1/sending/domains — add a domain and get its DNS records
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.listDomains).handle(({ auth }) => listDomains(auth.accountId)),
  route(api.createDomain).handle(({ auth, body, client }) => createDomain(auth.accountId, body, client)),
);
