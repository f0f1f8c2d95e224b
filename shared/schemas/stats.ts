import { z } from "zod";
import { messageTagFilter } from "./messages";

/** What stats count, each from the message events of its window (docs/deliverability.md, "What is counted"). */
export const STAT_COUNTERS = [
  "sent",
  "delivered",
  "deferred",
  "bounced",
  "failed",
  "complained",
  "opened",
  "clicked",
  "unsubscribed",
  "suppressed",
] as const;
export type StatCounter = (typeof STAT_COUNTERS)[number];

export const recipientProviders = ["gmail", "microsoft", "yahoo", "apple", "other"] as const;

export const STATS_MAX_DAYS = { day: 90, hour: 7 } as const;

export const sendingStatsQuery = z.object({
  from: z.iso
    .datetime({ offset: true })
    .optional()
    .meta({ description: "Start of the window (default: `to` less 30 days by day, 24 hours by hour), moved back to its bucket's start." }),
  to: z.iso
    .datetime({ offset: true })
    .optional()
    .meta({ description: "End of the window, exclusive (default: the end of the current bucket), moved on to a bucket's end." }),
  interval: z.enum(["hour", "day"]).default("day").meta({ description: "Bucket size; buckets start on UTC hours and days." }),
  domainId: z.string().min(1).max(64).optional().meta({ description: "Only mail from this sending domain." }),
  tag: messageTagFilter.optional().meta({ description: "Only messages with this tag (`name` or `name:value`)." }),
  groupBy: z.enum(["provider", "domain"]).optional().meta({
    description:
      "One series per recipient provider (`gmail`, `microsoft`, `yahoo`, `apple`, `other`, by the recipient's MX) or per sending domain.",
  }),
});
export type SendingStatsQuery = z.output<typeof sendingStatsQuery>;

const counterFields = Object.fromEntries(STAT_COUNTERS.map((counter) => [counter, z.number().int()])) as Record<StatCounter, z.ZodNumber>;

export const statCountsSchema = z.object(counterFields).meta({ id: "StatCounts" });
export type StatCounts = z.infer<typeof statCountsSchema>;

export const statPointSchema = statCountsSchema
  .extend({ start: z.iso.datetime().meta({ description: "Start of the bucket (UTC)." }) })
  .meta({ id: "StatPoint" });

export const sendingStatsSchema = z
  .object({
    interval: z.enum(["hour", "day"]),
    from: z.iso.datetime().meta({ description: "Start of the window counted (a bucket's start)." }),
    to: z.iso.datetime().meta({ description: "End of the window counted, exclusive." }),
    series: z.array(
      z.object({
        key: z.string().nullable().meta({
          description: "The provider, or the sending domain's name, this series counts; null without `groupBy`.",
        }),
        points: z.array(statPointSchema).meta({ description: "One per bucket of the window, oldest first, zeros included." }),
      }),
    ),
    totals: statCountsSchema.meta({ description: "The window's counts across every series." }),
  })
  .meta({ id: "SendingStats" });
export type SendingStats = z.infer<typeof sendingStatsSchema>;

export const reputationWarningsQuery = z.object({
  domainId: z.string().min(1).max(64).optional().meta({ description: "Only this sending domain's warnings." }),
});

export const reputationWarningSchema = z
  .object({
    id: z.string(),
    domainId: z.string(),
    domain: z.string().meta({ description: "The sending domain's name." }),
    metric: z.enum(["bounce_rate", "complaint_rate"]),
    rate: z.number().meta({ description: "Percentage of the recipients handed off in the 24 hours before the warning." }),
    threshold: z.number().meta({ description: "The percentage it passed." }),
    sent: z.number().int(),
    affected: z.number().int().meta({ description: "Of them, the recipients that bounced or complained." }),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "ReputationWarning" });
export type ReputationWarning = z.infer<typeof reputationWarningSchema>;

export const reputationWarningsSchema = z.array(reputationWarningSchema);
