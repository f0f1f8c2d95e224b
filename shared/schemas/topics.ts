// Topics and each address's subscription to them (docs/consent.md).
import { z } from "zod";
import { emailSchema } from "./account";

export const topicDefaults = ["opt_in", "opt_out"] as const;
export const subscriptionStatuses = ["subscribed", "unsubscribed"] as const;
export const subscriptionSources = ["api", "one_click", "preference_page", "mailto"] as const;

const topicName = z.string().trim().min(1, "Give the topic a name").max(80, "Keep the name within 80 characters");
const topicDescription = z.string().trim().max(300, "Keep the description within 300 characters");

export const topicSchema = z
  .object({
    id: z.string().meta({ example: "top_3f9c2a7d81b04e65a1c0d2e9" }),
    name: z.string().meta({ description: "Shown to readers on the preference page." }),
    description: z.string().nullable(),
    defaultSubscription: z.enum(topicDefaults).meta({
      description: "`opt_in`: only addresses that subscribed get it; `opt_out`: every address that has not unsubscribed.",
    }),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "Topic" });

export type Topic = z.infer<typeof topicSchema>;

export const createTopicBody = z
  .strictObject({
    name: topicName,
    description: topicDescription.nullable().optional(),
    defaultSubscription: z.enum(topicDefaults, { error: "Choose opt_in or opt_out" }),
  })
  .meta({ id: "CreateTopicRequest" });

export const updateTopicBody = z
  .strictObject({
    name: topicName.optional(),
    description: topicDescription.nullable().optional(),
    defaultSubscription: z.enum(topicDefaults, { error: "Choose opt_in or opt_out" }).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: "Give at least one of name, description or defaultSubscription" })
  .meta({ id: "UpdateTopicRequest" });

export const topicIdParams = z.object({ topic_id: z.string().max(64) });

/** A topic id as a send names it: checked against the account's topics when sending. */
export const topicIdField = z
  .string()
  .trim()
  .regex(/^top_[0-9a-f]{24}$/, "Not a topic id (top_…)")
  .meta({
    description:
      "The topic this message is about (`top_…`): each recipient gets a copy with its own one-click unsubscribe, and recipients who unsubscribed (or never opted in to an `opt_in` topic) are skipped.",
  });

export const subscriptionSchema = z
  .object({
    topicId: z.string(),
    status: z.enum(subscriptionStatuses),
    updatedAt: z.iso.datetime(),
    source: z
      .enum(subscriptionSources)
      .meta({ description: "What recorded it: the API, the one-click link, the preference page or the mailto address." }),
  })
  .meta({ id: "TopicSubscription" });

export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscriptionsQuery = z.object({ email: emailSchema });

export const subscriptionEmailParams = z.object({ email: emailSchema });

export const putSubscriptionsBody = z
  .strictObject({
    topics: z
      .record(z.string().max(64), z.enum(subscriptionStatuses, { error: "Use subscribed or unsubscribed" }))
      .refine((topics) => Object.keys(topics).length > 0, { message: "Name at least one topic" })
      .refine((topics) => Object.keys(topics).length <= 100, { message: "At most 100 topics at once" }),
  })
  .meta({ id: "PutTopicSubscriptionsRequest" });
