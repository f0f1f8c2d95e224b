// The onboarding checklist (GET /account/onboarding-profile) and the usage
// overview (GET /dashboard/overview), both computed from the account's data.
import { z } from "zod";
import { planIdSchema } from "./account";
import { mailStorageSchema } from "./mail-storage";
import { feedEventSchema } from "./events";

export const onboardingStepIds = [
  "send_test_email",
  "create_api_key",
  "add_domain",
  "verify_domain",
  "create_mailbox",
  "add_relay",
  "enable_two_factor",
  "choose_plan",
] as const;

export const onboardingProfileSchema = z
  .object({
    intendedPlanId: planIdSchema.nullable().meta({ description: "The plan asked for at registration (accounts start on free)." }),
    currentPlanId: planIdSchema,
    steps: z.array(
      z.object({
        id: z.enum(onboardingStepIds),
        title: z.string(),
        description: z.string(),
        done: z.boolean(),
        /** The portal page where the step is done. */
        href: z.string(),
      }),
    ),
    completed: z.number().int(),
    total: z.number().int(),
    percent: z.number().int().min(0).max(100),
  })
  .meta({ id: "OnboardingProfile" });

export type OnboardingProfile = z.infer<typeof onboardingProfileSchema>;

export const dashboardOverviewSchema = z
  .object({
    plan: z.object({
      id: planIdSchema,
      name: z.string(),
      status: z.enum(["active", "past_due", "canceled"]),
      cancelAtPeriodEnd: z.boolean(),
      periodStart: z.iso.datetime(),
      periodEnd: z.iso.datetime(),
    }),
    usage: z.object({
      /** Messages accepted this period that count against the quota. */
      emailsSent: z.number().int(),
      /** Null: set by contract, no self-serve limit. */
      quota: z.number().int().nullable(),
      percentUsed: z.number().int().nullable(),
      creditBalance: z.number().int(),
    }),
    deliverability: z
      .object({
        handedOff: z.number().int().meta({ description: "Messages of this period that reached the next server or bounced there." }),
        bounced: z.number().int().meta({ description: "Of those, messages with at least one hard bounce." }),
        complained: z.number().int().meta({ description: "Of those, messages a recipient reported as spam." }),
        bounceRate: z.number().nullable().meta({ description: "bounced / handedOff in percent, two decimals; null before any." }),
        complaintRate: z.number().nullable().meta({ description: "complained / handedOff in percent, two decimals; null before any." }),
      })
      .meta({ description: "Bounces and complaints of the current quota period (docs/bounces.md)." }),
    domains: z.object({ total: z.number().int(), verified: z.number().int() }),
    relays: z.object({
      total: z.number().int(),
      active: z.number().int(),
      defaultFailing: z.boolean().meta({ description: "The default relay (the one messages go through) failed its last connection test." }),
    }),
    apiKeys: z.object({ total: z.number().int() }),
    mailboxes: z
      .object({
        total: z.number().int(),
        included: z.number().int().nullable().meta({ description: "Mailboxes the plan includes; null when set by contract." }),
      })
      .meta({ description: "Hosted mailboxes of the account against the plan's allowance (docs/mailboxes.md)." }),
    twoFactorEnabled: z.boolean(),
    activeSessions: z.number().int(),
    recentEvents: z.array(feedEventSchema).max(5).meta({
      description:
        "The five latest events of the account's event feed (GET /events), newest first: what happened to its mail. The account's own audit trail is GET /account/activity.",
    }),
    onboarding: onboardingProfileSchema,
    mailStorage: mailStorageSchema.meta({
      description: "This deployment's mail storage, for hosted mailboxes (the dashboard warns while it is offline).",
    }),
  })
  .meta({ id: "DashboardOverview" });

export type DashboardOverview = z.infer<typeof dashboardOverviewSchema>;
