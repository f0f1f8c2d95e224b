import * as api from "@/shared/api/endpoints/email-sign-in";
import { methods, route } from "@/server/http/route";
import { signInWithMagicLink } from "@/server/services/auth/sign-in-with-emailed-secret";

// GET /api/v1/auth/magic-link/verify?token= — sign in with an emailed link's token
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.verifyMagicLink).handle(({ query, client }) => signInWithMagicLink(query.token, client)),
);
