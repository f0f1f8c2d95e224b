import { completeGithubSignIn } from "@/shared/api/endpoints/oauth";
import { methods, redirectRoute } from "@/server/http/route";
import { completeOAuthCallback } from "@/server/services/oauth/complete-oauth-callback";
import { assertProviderEnabled } from "@/server/services/oauth/start-oauth-sign-in";

// GET /api/v1/auth/oauth/github/callback — GitHub sends the browser back here (302 to the portal)
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  redirectRoute(completeGithubSignIn).handle(async ({ query, request, ip, userAgent }) => {
    assertProviderEnabled("github");
    const location = await completeOAuthCallback("github", {
      query,
      requestUrl: request.url,
      cookieHeader: request.headers.get("cookie"),
      client: { ip, userAgent },
    });
    return { location };
  }),
);
