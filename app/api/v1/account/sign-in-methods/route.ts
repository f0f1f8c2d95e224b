import * as api from "@/shared/api/endpoints/oauth";
import { methods, route } from "@/server/http/route";
import { listSignInMethods } from "@/server/services/oauth/list-sign-in-methods";

// GET /api/v1/account/sign-in-methods — password or not, and linked Google/GitHub identities
export const { GET, POST, PUT, PATCH, DELETE } = methods(route(api.listSignInMethods).handle(({ auth }) => listSignInMethods(auth)));
