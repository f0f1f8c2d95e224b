import { z } from "zod";
import { resendMethods, resendRoute } from "@/server/compat/resend/resend-route";
import { verifyDomain } from "@/server/services/domains/verify-domain";
import { resendIdParams } from "@/shared/schemas/resend-compat";

// POST /compat/resend/domains/{id}/verify — check the domain's DNS records now
export const { GET, POST, PUT, PATCH, DELETE } = resendMethods(
  resendRoute({
    method: "POST",
    path: "/domains/{id}/verify",
    access: "sending:write",
    scope: "full",
    params: resendIdParams,
    body: z.strictObject({}),
    emptyBodyAllowed: true,
  }).handle(async ({ auth, params, client }) => {
    const domain = await verifyDomain(auth.accountId, params.id, client);
    return { object: "domain", id: domain.id };
  }),
);
