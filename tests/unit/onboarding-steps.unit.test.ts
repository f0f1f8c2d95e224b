import { describe, expect, it } from "vitest";
import { onboardingProfile, type OnboardingFacts } from "@/server/services/dashboard/onboarding-steps";

const fresh: OnboardingFacts = {
  messagesSent: 0,
  apiKeys: 0,
  domainsTotal: 0,
  domainsVerified: 0,
  relaysWorking: 0,
  mailboxes: 0,
  twoFactorEnabled: false,
  currentPlanId: "free",
  intendedPlanId: null,
};
const doneIds = (facts: OnboardingFacts) =>
  onboardingProfile(facts)
    .steps.filter((step) => step.done)
    .map((step) => step.id);

describe("the onboarding checklist", () => {
  it("starts with only the plan step done for an account that asked for nothing but free", () => {
    const profile = onboardingProfile(fresh);
    expect(profile.steps.map((step) => step.id)).toEqual([
      "send_test_email",
      "create_api_key",
      "add_domain",
      "verify_domain",
      "create_mailbox",
      "add_relay",
      "enable_two_factor",
      "choose_plan",
    ]);
    expect(doneIds(fresh)).toEqual(["choose_plan"]);
    expect(profile).toMatchObject({ completed: 1, total: 8, percent: 13 });
  });

  it("keeps the plan step open, naming the intended plan, until a paid plan is on", () => {
    const asked: OnboardingFacts = { ...fresh, intendedPlanId: "pro" };
    const step = onboardingProfile(asked).steps.find((entry) => entry.id === "choose_plan")!;
    expect(step.done).toBe(false);
    // The plan's name, never its id.
    expect(step.description).toContain("You asked for Pro when you signed up.");
    expect(doneIds({ ...asked, currentPlanId: "starter" })).toContain("choose_plan");
  });

  it("marks each step from its own figure", () => {
    expect(doneIds({ ...fresh, intendedPlanId: "pro", domainsTotal: 1 })).toEqual(["add_domain"]);
    expect(doneIds({ ...fresh, intendedPlanId: "pro", domainsTotal: 2, domainsVerified: 1 })).toEqual(["add_domain", "verify_domain"]);
    expect(doneIds({ ...fresh, intendedPlanId: "pro", messagesSent: 1 })).toEqual(["send_test_email"]);
    expect(doneIds({ ...fresh, intendedPlanId: "pro", apiKeys: 2 })).toEqual(["create_api_key"]);
    expect(doneIds({ ...fresh, intendedPlanId: "pro", relaysWorking: 1 })).toEqual(["add_relay"]);
    expect(doneIds({ ...fresh, intendedPlanId: "pro", mailboxes: 1 })).toEqual(["create_mailbox"]);
    expect(doneIds({ ...fresh, intendedPlanId: "pro", twoFactorEnabled: true })).toEqual(["enable_two_factor"]);
    const all = onboardingProfile({
      messagesSent: 1,
      apiKeys: 1,
      domainsTotal: 1,
      domainsVerified: 1,
      relaysWorking: 1,
      mailboxes: 1,
      twoFactorEnabled: true,
      currentPlanId: "pro",
      intendedPlanId: "pro",
    });
    expect(all).toMatchObject({ completed: 8, percent: 100 });
  });
});
