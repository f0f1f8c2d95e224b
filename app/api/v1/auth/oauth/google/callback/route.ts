import { completeGoogleSignIn } from "@/shared/api/endpoints/oauth";
import { methods, redirectRoute } from "@/server/http/route";
import { completeOAuthCallback } from "@/server/services/oauth/complete-oauth-callback";
import { assertProviderEnabled } from "@/server/services/oauth/start-oauth-sign-in";

// GET /api/v1/auth/oauth/google/callback — Google sends the browser back here (302 to the portal)
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  redirectRoute(completeGoogleSignIn).handle(async ({ query, request, ip, userAgent }) => {
    assertProviderEnabled("google");
    const location = await completeOAuthCallback("google", {
      query,
      requestUrl: request.url,
      cookieHeader: request.headers.get("cookie"),
      client: { ip, userAgent },
    });
    return { location };
  }),
);
