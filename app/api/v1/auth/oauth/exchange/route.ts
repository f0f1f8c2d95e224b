import { exchangeOAuthCode } from "@/shared/api/endpoints/oauth";
import { methods, route } from "@/server/http/route";
import { exchangeOAuthCode as exchange } from "@/server/services/oauth/exchange-oauth-code";

// POST /api/v1/auth/oauth/exchange — sign in with a provider callback's single-use code
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(exchangeOAuthCode).handle(({ body, request, ip, userAgent }) => exchange(body.code, request.headers.get("cookie"), { ip, userAgent })),
);
