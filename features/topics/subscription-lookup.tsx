"use client";
// Where one address stands on each topic: its recorded choice (and what
// recorded it), or the topic's default when it never chose. The address
// lives in the URL (?email=) so a lookup can be shared with a teammate.
import { useRouter } from "next/navigation";
import { Badge } from "@/components/badge";
import { Button } from "@/components/button";
import { formatDateTime } from "@/components/format-time";
import { inputClass } from "@/components/form-field";
import { QueryState } from "@/components/query-state";
import { Alert } from "@/components/alert";
import { PortalApiError } from "@/features/api/portal-fetch";
import { useActing } from "@/features/teams/use-acting";
import type { Subscription, Topic } from "@/shared/schemas/topics";
import { useSetSubscription, useSubscriptions } from "./use-topics";

const sourceLabels: Record<Subscription["source"], string> = {
  api: "set through the API",
  one_click: "one-click unsubscribe",
  preference_page: "preference page",
  mailto: "unsubscribe email",
};

function LookupForm({ email }: { email: string | undefined }) {
  const router = useRouter();
  return (
    <form
      role="search"
      aria-label="Look up an address"
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        const value = String(new FormData(event.currentTarget).get("email") ?? "").trim();
        router.push(value ? `/topics?email=${encodeURIComponent(value)}` : "/topics");
      }}
    >
      <label className="flex-1 text-sm font-medium text-zinc-800 dark:text-zinc-200">
        Email address
        <input
          name="email"
          type="email"
          defaultValue={email ?? ""}
          placeholder="reader@example.com"
          maxLength={254}
          className={`${inputClass} mt-1.5`}
        />
      </label>
      <Button type="submit" variant="secondary">
        Look up
      </Button>
    </form>
  );
}

function Standing({ email, topic, choice }: { email: string; topic: Topic; choice: Subscription | undefined }) {
  const set = useSetSubscription(email);
  const { may } = useActing();
  const subscribed = (choice?.status ?? (topic.defaultSubscription === "opt_in" ? "unsubscribed" : "subscribed")) === "subscribed";
  const next = subscribed ? "unsubscribed" : "subscribed";
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium break-words text-zinc-900 dark:text-white">
          {topic.name} <Badge tone={subscribed ? "success" : "neutral"}>{subscribed ? "Subscribed" : "Not subscribed"}</Badge>
        </p>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          {choice ? `${sourceLabels[choice.source]}, ${formatDateTime(choice.updatedAt)}` : "No choice recorded: the topic's default"}
        </p>
        {set.error ? (
          <p role="alert" className="text-xs text-red-700 dark:text-red-400">
            {set.error instanceof PortalApiError ? set.error.message : "We could not save that. Try again."}
          </p>
        ) : null}
      </div>
      {may("sending:write") ? (
        <Button
          variant="secondary"
          size="sm"
          pending={set.isPending}
          onClick={() => set.mutate({ topicId: topic.id, status: next })}
          aria-label={`${subscribed ? "Unsubscribe" : "Subscribe"} ${email} ${subscribed ? "from" : "to"} ${topic.name}`}
        >
          {subscribed ? "Unsubscribe" : "Subscribe"}
        </Button>
      ) : null}
    </li>
  );
}

export function SubscriptionLookup({ email, topics }: { email: string | undefined; topics: Topic[] }) {
  const subscriptions = useSubscriptions(email);
  return (
    <div className="space-y-4">
      <LookupForm key={email ?? ""} email={email} />
      {!email ? null : topics.length === 0 ? (
        <Alert tone="warning">Create a topic first: subscriptions are per topic.</Alert>
      ) : (
        <QueryState query={subscriptions} what="the subscriptions" isEmpty={() => false}>
          {(choices) => (
            <ul aria-label={`Subscriptions of ${email}`} className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {topics.map((topic) => (
                <Standing key={topic.id} email={email} topic={topic} choice={choices.find((choice) => choice.topicId === topic.id)} />
              ))}
            </ul>
          )}
        </QueryState>
      )}
    </div>
  );
}
