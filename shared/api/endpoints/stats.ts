import { sendingStatsQuery, sendingStatsSchema } from "@/shared/schemas/stats";
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
