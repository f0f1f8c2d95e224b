import { domainObject, listedDomainObject } from "@/server/compat/resend/domain-object";
import { pageOfList } from "@/server/compat/resend/page-of-list";
import { resendMethods, resendRoute } from "@/server/compat/resend/resend-route";
import { createDomain } from "@/server/services/domains/create-domain";
import { listDomains } from "@/server/services/domains/list-domains";
import { resendCreateDomainBody, resendListQuery } from "@/shared/schemas/resend-compat";

// POST /compat/resend/domains — add a domain and get its DNS records
// GET /compat/resend/domains — the account's domains
export const { GET, POST, PUT, PATCH, DELETE } = resendMethods(
  resendRoute({ method: "POST", path: "/domains", access: "sending:write", scope: "full", body: resendCreateDomainBody }).handle(
    async ({ auth, body, client }) => {
      const { object: _object, ...created } = domainObject(await createDomain(auth.accountId, body, client));
      return created;
    },
  ),
  resendRoute({ method: "GET", path: "/domains", access: "sending:read", scope: "full", query: resendListQuery }).handle(
    async ({ auth, query }) => pageOfList((await listDomains(auth.accountId)).map(listedDomainObject), query),
  ),
);
