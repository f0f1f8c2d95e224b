import { createDomain, listDomains } from "@/shared/api/endpoints/sending-domains";
import { methods, route } from "@/server/http/route";
import { createDomain as addDomain } from "@/server/services/domains/create-domain";
import { listDomains as listAccountDomains } from "@/server/services/domains/list-domains";

// GET /api/v1/sending/domains — the account's sending domains
// POST /api/v1/sending/domains — add a domain and get its DNS records
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(listDomains).handle(({ auth }) => listAccountDomains(auth.accountId)),
  route(createDomain).handle(({ auth, body, ip, userAgent }) => addDomain(auth.accountId, body, { ip, userAgent })),
);
