import * as api from "@/shared/api/endpoints/two-factor";
import { methods, route } from "@/server/http/route";
import { completeChallenge } from "@/server/services/two-factor/challenges";

// POST /api/v1/auth/2fa/challenge — finish a sign-in with the second factor
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.completeTwoFactorChallenge).handle(({ body, client }) => completeChallenge(body.challengeToken, body.code, client)),
);
