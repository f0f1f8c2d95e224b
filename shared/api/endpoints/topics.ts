import { z } from "zod";
import {
  createTopicBody,
  putSubscriptionsBody,
  subscriptionEmailParams,
  subscriptionSchema,
  subscriptionsQuery,
  topicIdParams,
  topicSchema,
  updateTopicBody,
} from "@/shared/schemas/topics";
import { defineEndpoint } from "../endpoint";

export const listTopics = defineEndpoint({
  method: "GET",
  path: "/sending/topics",
  operationId: "listTopics",
  access: "sending:read",
  summary: "The account's topics, oldest first",
  description: "Deleted topics are not listed. Readable with an API key of either scope.",
  tag: "Topics",
  auth: "bearer-or-api-key",
  apiKeyScope: "sending",
  response: z.array(topicSchema),
  message: "OK",
});

export const createTopic = defineEndpoint({
  method: "POST",
  path: "/sending/topics",
  operationId: "createTopic",
  access: "sending:write",
  summary: "Create a topic",
  description:
    "A topic is what readers subscribe to and unsubscribe from; its name and description are shown to them on the preference page. Names are unique per account (any case); an account has at most 50 topics. Needs an access token or an API key with scope `full`.",
  tag: "Topics",
  auth: "bearer-or-api-key",
  apiKeyScope: "full",
  body: createTopicBody,
  response: topicSchema,
  status: 201,
  message: "Topic created",
  errors: ["conflict", "plan_limit"],
});

export const updateTopic = defineEndpoint({
  method: "PATCH",
  path: "/sending/topics/{topic_id}",
  operationId: "updateTopic",
  access: "sending:write",
  summary: "Change a topic",
  description:
    "Changing `defaultSubscription` changes whom the next send reaches: every address without a recorded choice stands at the default. Needs an access token or an API key with scope `full`.",
  tag: "Topics",
  auth: "bearer-or-api-key",
  apiKeyScope: "full",
  params: topicIdParams,
  body: updateTopicBody,
  response: topicSchema,
  message: "Topic updated",
  errors: ["not_found", "conflict"],
});

export const deleteTopic = defineEndpoint({
  method: "DELETE",
  path: "/sending/topics/{topic_id}",
  operationId: "deleteTopic",
  access: "sending:write",
  summary: "Delete a topic",
  description:
    "The topic can no longer be sent to and leaves the preference page; unsubscribe links in mail already sent still record the reader's choice. Needs an access token or an API key with scope `full`.",
  tag: "Topics",
  auth: "bearer-or-api-key",
  apiKeyScope: "full",
  params: topicIdParams,
  response: z.null(),
  message: "Topic deleted",
  errors: ["not_found"],
});

export const listSubscriptions = defineEndpoint({
  method: "GET",
  path: "/sending/subscriptions",
  operationId: "listSubscriptions",
  access: "sending:read",
  summary: "An address's subscriptions",
  description:
    "The recorded choices of `email` about the account's topics, with what recorded each. A topic not listed stands at its `defaultSubscription` for this address. Readable with an API key of either scope.",
  tag: "Topics",
  auth: "bearer-or-api-key",
  apiKeyScope: "sending",
  query: subscriptionsQuery,
  response: z.array(subscriptionSchema),
  message: "OK",
});

export const putSubscriptions = defineEndpoint({
  method: "PUT",
  path: "/sending/subscriptions/{email}",
  operationId: "putSubscriptions",
  access: "sending:write",
  summary: "Set an address's subscriptions",
  description:
    "Records `subscribed` or `unsubscribed` for each named topic (source `api`), for example to import opt-ins and opt-outs collected elsewhere; topics not named are left as they are. Each change is a `subscription.changed` event. One topic that is not the account's makes it 404 and nothing changes. Answers every recorded choice of the address. Needs an access token or an API key with scope `full`.",
  tag: "Topics",
  auth: "bearer-or-api-key",
  apiKeyScope: "full",
  params: subscriptionEmailParams,
  body: putSubscriptionsBody,
  response: z.array(subscriptionSchema),
  message: "Subscriptions updated",
  errors: ["not_found"],
});
