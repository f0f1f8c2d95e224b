import * as api from "@/shared/api/endpoints/oauth";
import { bindingFrom } from "@/server/http/oauth-binding-cookie";
import { methods, route } from "@/server/http/route";
import { exchangeOAuthCode } from "@/server/services/oauth/exchange-oauth-code";

// POST /api/v1/auth/oauth/exchange — sign in with a provider callback's single-use code
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.exchangeOAuthCode).handle(({ body, request, client }) =>
    exchangeOAuthCode(body.code, bindingFrom(request.headers.get("cookie")), client),
  ),
);
