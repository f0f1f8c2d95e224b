import { describe, expect, it } from "vitest";
import { onboardingProfile, type OnboardingFacts } from "@/server/services/dashboard/onboarding-steps";

const fresh: OnboardingFacts = { domainsTotal: 0, domainsVerified: 0, relaysTotal: 0, twoFactorEnabled: false, currentPlanId: "free", intendedPlanId: null };
const doneIds = (facts: OnboardingFacts) => onboardingProfile(facts).steps.filter((step) => step.done).map((step) => step.id);

describe("the onboarding checklist", () => {
  it("starts with only the plan step done for an account that asked for nothing but free", () => {
    const profile = onboardingProfile(fresh);
    expect(profile.steps.map((step) => step.id)).toEqual(["add_domain", "verify_domain", "add_relay", "enable_two_factor", "choose_plan"]);
    expect(doneIds(fresh)).toEqual(["choose_plan"]);
    expect(profile).toMatchObject({ completed: 1, total: 5, percent: 20 });
  });

  it("keeps the plan step open, naming the intended plan, until a paid plan is on", () => {
    const asked: OnboardingFacts = { ...fresh, intendedPlanId: "pro" };
    const step = onboardingProfile(asked).steps.find((entry) => entry.id === "choose_plan")!;
    expect(step.done).toBe(false);
    expect(step.description).toContain("pro");
    expect(doneIds({ ...asked, currentPlanId: "starter" })).toContain("choose_plan");
  });

  it("marks each step from its own figure", () => {
    expect(doneIds({ ...fresh, intendedPlanId: "pro", domainsTotal: 1 })).toEqual(["add_domain"]);
    expect(doneIds({ ...fresh, intendedPlanId: "pro", domainsTotal: 2, domainsVerified: 1 })).toEqual(["add_domain", "verify_domain"]);
    expect(doneIds({ ...fresh, intendedPlanId: "pro", relaysTotal: 1 })).toEqual(["add_relay"]);
    expect(doneIds({ ...fresh, intendedPlanId: "pro", twoFactorEnabled: true })).toEqual(["enable_two_factor"]);
    const all = onboardingProfile({ domainsTotal: 1, domainsVerified: 1, relaysTotal: 1, twoFactorEnabled: true, currentPlanId: "pro", intendedPlanId: "pro" });
    expect(all).toMatchObject({ completed: 5, percent: 100 });
  });
});
