import { methods, route } from "@/server/http/route";
import { getOnboardingProfile } from "@/server/services/dashboard/onboarding-profile";
import * as api from "@/shared/api/endpoints/dashboard";

// GET /api/v1/account/onboarding-profile — the onboarding checklist
export const { GET, POST, PUT, PATCH, DELETE } = methods(route(api.getOnboardingProfile).handle(({ auth }) => getOnboardingProfile(auth)));
