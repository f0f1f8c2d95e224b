import { reputationWarningsQuery, reputationWarningsSchema, sendingStatsQuery, sendingStatsSchema } from "@/shared/schemas/stats";
import { defineEndpoint } from "../endpoint";

export const getSendingStats = defineEndpoint({
  method: "GET",
  path: "/sending/stats",
  operationId: "getSendingStats",
  access: "sending:read",
  summary: "How the account's mail did over time",
  description: [
    "Counts of the account's message events by UTC hour or day: `sent` (recipients handed off), `delivered`, `deferred` (a recipient's server answered 4xx), `bounced`, `failed` (given up after the retries, or refused before leaving), `complained`, `opened`, `clicked`, `unsubscribed` (through the message's own links) and `suppressed` (left out at sending). Each counts the events of that kind in the window, one per recipient, so the totals agree with the messages' events.",
    "The window defaults to the last 30 days by day (24 hours by hour) and is at most 90 days by day or 7 days by hour; `from` and `to` are moved out to whole buckets, and the answer says which window it counted. Filter by `domainId` (another account's is 404) and `tag`; `groupBy` splits the counts into one series per recipient provider (from the recipient's MX) or per sending domain. A key restricted to one domain counts that domain only.",
  ].join("\n\n"),
  tag: "Messages",
  auth: "bearer-or-api-key",
  apiKeyScope: "sending",
  query: sendingStatsQuery,
  response: sendingStatsSchema,
  message: "OK",
  errors: ["not_found"],
});

export const listReputationWarnings = defineEndpoint({
  method: "GET",
  path: "/sending/reputation-warnings",
  operationId: "listReputationWarnings",
  access: "sending:read",
  summary: "The account's reputation warnings of the last 24 hours",
  description:
    "A sending domain gets a warning when, over 24 hours with at least 100 recipients handed off, its bounce rate passes 4 % or its complaint rate 0.1 %: past these, mailbox providers start sending its mail to spam or refusing it. At most one a day per domain and metric, also in the event feed as `domain.reputation_warning`. Lists the latest of each domain and metric from the last 24 hours, newest first.",
  tag: "Messages",
  auth: "bearer-or-api-key",
  apiKeyScope: "sending",
  query: reputationWarningsQuery,
  response: reputationWarningsSchema,
  message: "OK",
  errors: ["not_found"],
});
