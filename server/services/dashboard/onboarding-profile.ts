// GET /account/onboarding-profile: the checklist alone.
import { now } from "@/server/clock";
import type { AuthContext } from "@/server/services/auth/authenticate-bearer";
import type { OnboardingProfile } from "@/shared/schemas/dashboard";
import { accountCounts } from "./account-counts";
import { onboardingProfile } from "./onboarding-steps";

type PlanId = OnboardingProfile["currentPlanId"];

export async function getOnboardingProfile(auth: AuthContext): Promise<OnboardingProfile> {
  const counts = await accountCounts(auth.accountId, now());
  return onboardingProfile({
    ...counts,
    twoFactorEnabled: auth.account.twoFactorEnabled,
    currentPlanId: auth.account.planId as PlanId,
    intendedPlanId: (auth.account.requestedPlanId as PlanId | null) ?? null,
  });
}
