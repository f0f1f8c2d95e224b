"use client";
// /topics: what the account sends subscribed mail about, and where one
// address stands on each. A send that names a topic gets one-click
// unsubscribe links per recipient and skips whoever unsubscribed.
import { useState } from "react";
import { Alert } from "@/components/alert";
import { InlineCode } from "@/components/inline-code";
import { PageHeader } from "@/components/page-header";
import { QueryState } from "@/components/query-state";
import { RequiresPermission } from "@/features/teams/requires-permission";
import { SubscriptionLookup } from "./subscription-lookup";
import { TopicForm } from "./topic-form";
import { TopicRow } from "./topic-row";
import { useCreateTopic, useTopics } from "./use-topics";

const panelClass = "rounded-xl border border-zinc-200 bg-white shadow-xs dark:border-zinc-800 dark:bg-zinc-900/60";
const headingClass = "text-base font-semibold text-zinc-900 dark:text-white";

export function TopicsPanel({ email }: { email?: string }) {
  const topics = useTopics();
  const create = useCreateTopic();
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Topics"
        description="Newsletters, product news, offers: mail people subscribe to. Name a topic in a send (topicId, or the X-CES-Topic header over SMTP) and every recipient gets a one-click unsubscribe link; whoever unsubscribed is skipped. Mail without a topic, such as receipts and password resets, is never skipped."
      />
      <section aria-labelledby="create-topic" className={`${panelClass} p-6`}>
        <h2 id="create-topic" className={headingClass}>
          Create a topic
        </h2>
        <RequiresPermission permission="sending:write">
          <TopicForm
            idPrefix="new-topic"
            submitLabel="Create topic"
            pendingLabel="Creating…"
            submit={(values) => create.mutateAsync(values)}
            onDone={(topic) => setNotice(`${topic.name} is ready: send with topicId ${topic.id}.`)}
          />
        </RequiresPermission>
      </section>
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      <section aria-labelledby="topic-list" className={panelClass}>
        <h2 id="topic-list" className={`border-b border-zinc-200 px-6 py-4 dark:border-zinc-800 ${headingClass}`}>
          Your topics
        </h2>
        <QueryState
          query={topics}
          what="the topics"
          className="px-6 py-8"
          empty={<p>No topics yet. Mail sent without one is transactional: it has no unsubscribe link and is never skipped.</p>}
        >
          {(list) => (
            <ul aria-label="Topics" className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {list.map((topic) => (
                <TopicRow key={topic.id} topic={topic} onChanged={setNotice} />
              ))}
            </ul>
          )}
        </QueryState>
      </section>
      <section aria-labelledby="look-up" className={`${panelClass} space-y-4 p-6`}>
        <div>
          <h2 id="look-up" className={headingClass}>
            Look up an address
          </h2>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
            See what one reader gets, and change it for them. To import many, use{" "}
            <InlineCode>PUT /sending/subscriptions/{"{email}"}</InlineCode>.
          </p>
        </div>
        <SubscriptionLookup email={email} topics={topics.data ?? []} />
      </section>
    </div>
  );
}
