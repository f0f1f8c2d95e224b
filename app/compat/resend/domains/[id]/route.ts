import { domainObject } from "@/server/compat/resend/domain-object";
import { resendMethods, resendRoute } from "@/server/compat/resend/resend-route";
import { deleteDomain } from "@/server/services/domains/delete-domain";
import { getDomainView } from "@/server/services/domains/domain-view";
import { resendIdParams } from "@/shared/schemas/resend-compat";

// GET /compat/resend/domains/{id} — one domain and its records
// DELETE /compat/resend/domains/{id} — remove a domain
export const { GET, POST, PUT, PATCH, DELETE } = resendMethods(
  resendRoute({ method: "GET", path: "/domains/{id}", access: "sending:read", scope: "full", params: resendIdParams }).handle(
    async ({ auth, params }) => domainObject(await getDomainView(auth.accountId, params.id)),
  ),
  resendRoute({ method: "DELETE", path: "/domains/{id}", access: "sending:write", scope: "full", params: resendIdParams }).handle(
    async ({ auth, params, client }) => {
      await deleteDomain(auth.accountId, params.id, client);
      return { object: "domain", id: params.id, deleted: true };
    },
  ),
);
