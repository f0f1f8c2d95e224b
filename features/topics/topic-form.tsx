"use client";
// Creates a topic, or changes one: its name and description (readers see both
// on the preference page) and whom it reaches by default. The default is
// opt-in: mailing people who never asked is a choice, never an accident.
import type { z } from "zod";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { describedBy, fieldIds, FormField, inputClass } from "@/components/form-field";
import { lazyZodResolver } from "@/features/forms/lazy-zod-resolver";
import { useApiForm } from "@/features/forms/use-api-form";
import type { createTopicBody, Topic } from "@/shared/schemas/topics";

type TopicInput = z.input<typeof createTopicBody>;
type TopicValues = z.output<typeof createTopicBody>;
const resolver = lazyZodResolver<TopicInput, TopicValues>(() =>
  import("@/shared/schemas/topics").then((schemas) => schemas.createTopicBody),
);

export const defaultHints: Record<Topic["defaultSubscription"], string> = {
  opt_in: "Only addresses that subscribed get it (imported with the API, or chosen on the preference page).",
  opt_out: "Every address gets it until it unsubscribes. Use this only for people who asked for mail from you.",
};

export function TopicForm({
  idPrefix,
  initial,
  submitLabel,
  pendingLabel,
  submit,
  onDone,
  onCancel,
}: {
  idPrefix: string;
  initial?: Topic;
  submitLabel: string;
  pendingLabel: string;
  submit: (values: TopicValues) => Promise<Topic>;
  onDone: (topic: Topic) => void;
  onCancel?: () => void;
}) {
  const defaults: TopicInput = {
    name: initial?.name ?? "",
    description: initial?.description ?? "",
    defaultSubscription: initial?.defaultSubscription ?? "opt_in",
  };
  const ids = {
    name: fieldIds(`${idPrefix}-name`),
    description: fieldIds(`${idPrefix}-description`),
    default: fieldIds(`${idPrefix}-default`),
  };
  const { form, errors, isSubmitting, onSubmit, failure } = useApiForm({
    resolver,
    defaultValues: defaults,
    fields: ["name", "description", "defaultSubscription"],
    // An empty description is none.
    submit: (values: TopicValues) => submit({ ...values, description: values.description || null }),
    onSuccess: (topic, form) => {
      form.reset(
        initial ? { name: topic.name, description: topic.description ?? "", defaultSubscription: topic.defaultSubscription } : defaults,
      );
      onDone(topic);
    },
  });
  const chosen = form.watch("defaultSubscription");

  return (
    <form onSubmit={onSubmit} noValidate aria-label={initial ? `Change ${initial.name}` : "Create a topic"} className="mt-4 space-y-5">
      {failure ? <Alert>{failure}</Alert> : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField ids={ids.name} label="Name" hint="Readers see it on their preference page." error={errors.name?.message}>
          <input
            {...form.register("name")}
            {...describedBy(ids.name, { hint: true, error: errors.name?.message })}
            autoComplete="off"
            placeholder="Product news"
            maxLength={80}
            className={inputClass}
          />
        </FormField>
        <FormField ids={ids.default} label="Who gets it" hint={defaultHints[chosen]} error={errors.defaultSubscription?.message}>
          <select
            {...form.register("defaultSubscription")}
            {...describedBy(ids.default, { hint: true, error: errors.defaultSubscription?.message })}
            className={inputClass}
          >
            <option value="opt_in">Subscribers only (opt-in)</option>
            <option value="opt_out">Everyone until they unsubscribe (opt-out)</option>
          </select>
        </FormField>
      </div>
      <FormField ids={ids.description} label="Description (optional)" error={errors.description?.message}>
        <input
          {...form.register("description")}
          {...describedBy(ids.description, { error: errors.description?.message })}
          autoComplete="off"
          placeholder="What we ship, once a month"
          maxLength={300}
          className={inputClass}
        />
      </FormField>
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel ? (
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" pending={isSubmitting}>
          {isSubmitting ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
