import { dashboardOverviewSchema, onboardingProfileSchema } from "@/shared/schemas/dashboard";
import { defineEndpoint } from "../endpoint";

export const getDashboardOverview = defineEndpoint({
  method: "GET",
  path: "/dashboard/overview",
  operationId: "getDashboardOverview",
  access: "sending:read",
  summary: "The account's usage overview",
  description:
    "Plan and subscription state, emails sent this period against the quota, email credits, domains (total/verified), relays (total/active), API keys, two-factor, active sessions, the five latest events of the event feed (newest first) and onboarding progress, all computed from the account's data.",
  tag: "Dashboard",
  auth: "bearer",
  response: dashboardOverviewSchema,
  message: "OK",
});

export const getOnboardingProfile = defineEndpoint({
  method: "GET",
  path: "/account/onboarding-profile",
  operationId: "getOnboardingProfile",
  access: "settings:read",
  summary: "The onboarding checklist and its progress",
  description:
    "Add a domain, verify it, add a relay, turn on two-factor, choose a plan: each step is done when the account's data says so. `intendedPlanId` is the plan asked for at registration.",
  tag: "Account",
  auth: "bearer",
  response: onboardingProfileSchema,
  message: "OK",
});
