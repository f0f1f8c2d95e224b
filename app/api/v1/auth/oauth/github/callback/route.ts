import * as api from "@/shared/api/endpoints/oauth";
import { methods, redirectRoute } from "@/server/http/route";
import { completeSignInHandler } from "@/server/http/oauth-route-handlers";

// GET /api/v1/auth/oauth/github/callback — GitHub sends the browser back here (302 to the portal)
export const { GET, POST, PUT, PATCH, DELETE } = methods(redirectRoute(api.completeGithubSignIn).handle(completeSignInHandler("github")));
