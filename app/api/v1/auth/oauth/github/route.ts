import { startGithubSignIn } from "@/shared/api/endpoints/oauth";
import { methods, redirectRoute } from "@/server/http/route";
import { startOAuthSignIn } from "@/server/services/oauth/start-oauth-sign-in";

// GET /api/v1/auth/oauth/github — start signing in with GitHub (302 to GitHub)
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  redirectRoute(startGithubSignIn).handle(async ({ query, request, response }) => {
    const started = await startOAuthSignIn("github", { cookieHeader: request.headers.get("cookie"), returnTo: query.returnTo });
    if (started.setCookie) response.headers.append("set-cookie", started.setCookie);
    return { location: started.location };
  }),
);
