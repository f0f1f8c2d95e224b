import * as api from "@/shared/api/endpoints/oauth";
import { methods, redirectRoute } from "@/server/http/route";
import { startSignInHandler } from "@/server/http/oauth-route-handlers";

// GET /api/v1/auth/oauth/google — start signing in with Google (302 to Google)
export const { GET, POST, PUT, PATCH, DELETE } = methods(redirectRoute(api.startGoogleSignIn).handle(startSignInHandler("google")));
