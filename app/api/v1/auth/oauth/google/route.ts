import { startGoogleSignIn } from "@/shared/api/endpoints/oauth";
import { methods, redirectRoute } from "@/server/http/route";
import { startOAuthSignIn } from "@/server/services/oauth/start-oauth-sign-in";

// GET /api/v1/auth/oauth/google — start signing in with Google (302 to Google)
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  redirectRoute(startGoogleSignIn).handle(async ({ query, request, response }) => {
    const started = await startOAuthSignIn("google", { cookieHeader: request.headers.get("cookie"), returnTo: query.returnTo });
    if (started.setCookie) response.headers.append("set-cookie", started.setCookie);
    return { location: started.location };
  }),
);
