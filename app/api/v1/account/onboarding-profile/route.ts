import { methods, route } from "@/server/http/route";
import { getOnboardingProfile as onboardingProfileOf } from "@/server/services/dashboard/onboarding-profile";
import { getOnboardingProfile } from "@/shared/api/endpoints/dashboard";

// GET /api/v1/account/onboarding-profile — the onboarding checklist
export const { GET, POST, PUT, PATCH, DELETE } = methods(route(getOnboardingProfile).handle(({ auth }) => onboardingProfileOf(auth)));
