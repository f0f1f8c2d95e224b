// The onboarding checklist: eight steps, each done when the account's own
// data says so. It starts with what takes a minute (a test email from the
// service's test sender, an API key) before what needs DNS. Pure, so the rules are unit-tested without a database.
import { planById } from "@/server/services/billing/catalog";
import type { OnboardingProfile } from "@/shared/schemas/dashboard";
import type { AccountCounts } from "./account-counts";

type PlanId = OnboardingProfile["currentPlanId"];

export type OnboardingFacts = Pick<
  AccountCounts,
  "domainsTotal" | "domainsVerified" | "relaysWorking" | "apiKeys" | "messagesSent" | "mailboxes"
> & {
  twoFactorEnabled: boolean;
  currentPlanId: PlanId;
  intendedPlanId: PlanId | null;
};

/** Choosing a plan is done once a paid plan is on, or when free is what was asked for. */
function planChosen(facts: OnboardingFacts): boolean {
  if (facts.currentPlanId !== "free") return true;
  return facts.intendedPlanId === null || facts.intendedPlanId === "free";
}

export function onboardingProfile(facts: OnboardingFacts): OnboardingProfile {
  const intended =
    facts.intendedPlanId && facts.intendedPlanId !== "free"
      ? `You asked for ${planById(facts.intendedPlanId).name} when you signed up. `
      : "";
  const steps: OnboardingProfile["steps"] = [
    {
      id: "send_test_email",
      title: "Send a test email",
      description: "From our test sender to your own address, without a domain: see a message go through.",
      done: facts.messagesSent > 0,
      href: "/dashboard#send-test-email",
    },
    {
      id: "create_api_key",
      title: "Create an API key",
      description: "Send from your code; the key comes with a ready-to-run example.",
      done: facts.apiKeys > 0,
      href: "/api-keys",
    },
    {
      id: "add_domain",
      title: "Add a sending domain",
      description: "The domain your email comes from.",
      done: facts.domainsTotal > 0,
      href: "/domains",
    },
    {
      id: "verify_domain",
      title: "Verify your domain",
      description: "Publish its DNS records so receivers trust your mail.",
      done: facts.domainsVerified > 0,
      href: "/domains",
    },
    {
      id: "create_mailbox",
      title: "Create a mailbox",
      description: "Host an address on your domain and read it here or in any mail app over IMAP or POP3.",
      done: facts.mailboxes > 0,
      href: "/mailboxes",
    },
    {
      id: "add_relay",
      title: "Add an SMTP relay",
      description: "Send through your own mail server, or skip this and use ours.",
      done: facts.relaysWorking > 0,
      href: "/relays",
    },
    {
      id: "enable_two_factor",
      title: "Turn on two-factor authentication",
      description: "Protect the account with an authenticator app.",
      done: facts.twoFactorEnabled,
      href: "/security",
    },
    {
      id: "choose_plan",
      title: "Choose a plan",
      description: `${intended}Pick the plan that fits your volume.`,
      done: planChosen(facts),
      href: "/billing",
    },
  ];
  const completed = steps.filter((step) => step.done).length;
  return {
    intendedPlanId: facts.intendedPlanId,
    currentPlanId: facts.currentPlanId,
    steps,
    completed,
    total: steps.length,
    percent: Math.round((completed / steps.length) * 100),
  };
}
