import { methods, route } from "@/server/http/route";
import { listSuppressions } from "@/server/services/suppressions/list-suppressions";
import { addSuppression } from "@/server/services/suppressions/manage-suppressions";
import * as api from "@/shared/api/endpoints/suppressions";

// GET, POST /api/v1/sending/suppressions — the suppression list; add an address
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.listSuppressions).handle(({ auth, query }) => listSuppressions(auth.accountId, query)),
  route(api.addSuppression).handle(async ({ auth, body, client, response }) => {
    const { suppression, created } = await addSuppression(auth.accountId, body.email, client);
    if (!created) response.message = "Address already suppressed";
    return suppression;
  }),
);
