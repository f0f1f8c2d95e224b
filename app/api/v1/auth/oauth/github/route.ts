import * as api from "@/shared/api/endpoints/oauth";
import { methods, redirectRoute } from "@/server/http/route";
import { startSignInHandler } from "@/server/http/oauth-route-handlers";

// GET /api/v1/auth/oauth/github — start signing in with GitHub (302 to GitHub)
export const { GET, POST, PUT, PATCH, DELETE } = methods(redirectRoute(api.startGithubSignIn).handle(startSignInHandler("github")));
