"use client";
// POST /support on the API's own schema. After sending, the form gives way to
// the ticket's reference, which is what support will ask for.
import { useEffect, useRef, useState } from "react";
import type { z } from "zod";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { describedBy, fieldIds, FormField, inputClass } from "@/components/form-field";
import { useApiForm } from "@/features/forms/use-api-form";
import type { openTicketBody, SupportTicket } from "@/shared/schemas/support";
import { ticketCategories, ticketPriorities } from "@/shared/ticket-kinds";
import { lazyZodResolver } from "@/features/forms/lazy-zod-resolver";
import { categoryLabels, priorityLabels } from "./ticket-labels";
import { useOpenTicket } from "./use-support";

type TicketInput = z.input<typeof openTicketBody>;
type TicketValues = z.output<typeof openTicketBody>;
const resolver = lazyZodResolver<TicketInput, TicketValues>(() =>
  import("@/shared/schemas/support").then((schemas) => schemas.openTicketBody),
);

const FIELDS = ["name", "email", "subject", "category", "message", "priority"] as const;
const ids = Object.fromEntries(FIELDS.map((field) => [field, fieldIds(field)])) as Record<
  (typeof FIELDS)[number],
  ReturnType<typeof fieldIds>
>;
const EMAIL_HINT = "We reply here, and send the ticket's reference at once.";
const MESSAGE_HINT = "What happened, what you expected, and any message ids or addresses involved. Never include passwords or API keys.";

type SupportFormProps = {
  signedIn: boolean;
  defaultEmail?: string;
  defaultName?: string;
  /** From a link that starts a ticket, e.g. "Contact sales". */
  defaultCategory?: TicketInput["category"];
  defaultSubject?: string;
};

export function SupportForm({
  signedIn,
  defaultEmail = "",
  defaultName = "",
  defaultCategory = "technical",
  defaultSubject = "",
}: SupportFormProps) {
  const blank: TicketInput = {
    name: defaultName,
    email: defaultEmail,
    subject: defaultSubject,
    category: defaultCategory,
    message: "",
    priority: "normal",
  };
  const openTicket = useOpenTicket(signedIn);
  const [opened, setOpened] = useState<SupportTicket | null>(null);
  const { form, errors, isSubmitting, onSubmit, failure } = useApiForm({
    resolver,
    defaultValues: blank,
    fields: FIELDS,
    submit: (values) => openTicket.mutateAsync(values),
    onSuccess: (ticket) => setOpened(ticket),
  });
  const confirmationRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (opened) confirmationRef.current?.focus();
  }, [opened]);

  if (opened) {
    return (
      <div ref={confirmationRef} tabIndex={-1} role="status" className="space-y-4 p-6 focus:outline-none">
        <h2 className="text-lg font-semibold text-zinc-900 dark:text-white">We have your request</h2>
        <p className="text-sm leading-6 text-zinc-600 dark:text-zinc-400">
          Your reference is{" "}
          <strong className="font-mono text-base font-semibold tracking-wider text-zinc-900 dark:text-white" data-testid="ticket-reference">
            {opened.reference}
          </strong>
          . We emailed it to {opened.email}; a person will reply there.
        </p>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            form.reset(blank);
            setOpened(null);
          }}
        >
          Open another ticket
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5 p-6">
      {failure ? <Alert>{failure}</Alert> : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField ids={ids.name} label="Name" optional error={errors.name?.message}>
          <input
            {...form.register("name")}
            {...describedBy(ids.name, { error: errors.name?.message })}
            type="text"
            autoComplete="name"
            className={inputClass}
          />
        </FormField>
        <FormField ids={ids.email} label="Email" hint={EMAIL_HINT} error={errors.email?.message}>
          <input
            {...form.register("email")}
            {...describedBy(ids.email, { hint: EMAIL_HINT, error: errors.email?.message })}
            type="email"
            autoComplete="email"
            inputMode="email"
            className={inputClass}
          />
        </FormField>
        <FormField ids={ids.category} label="Topic" error={errors.category?.message}>
          <select {...form.register("category")} {...describedBy(ids.category, { error: errors.category?.message })} className={inputClass}>
            {ticketCategories.map((category) => (
              <option key={category} value={category}>
                {categoryLabels[category]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField ids={ids.priority} label="Priority" error={errors.priority?.message}>
          <select {...form.register("priority")} {...describedBy(ids.priority, { error: errors.priority?.message })} className={inputClass}>
            {ticketPriorities.map((priority) => (
              <option key={priority} value={priority}>
                {priorityLabels[priority]}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <FormField ids={ids.subject} label="Subject" error={errors.subject?.message}>
        <input
          {...form.register("subject")}
          {...describedBy(ids.subject, { error: errors.subject?.message })}
          type="text"
          maxLength={200}
          className={inputClass}
        />
      </FormField>
      <FormField ids={ids.message} label="Message" hint={MESSAGE_HINT} error={errors.message?.message}>
        <textarea
          {...form.register("message")}
          {...describedBy(ids.message, { hint: MESSAGE_HINT, error: errors.message?.message })}
          rows={7}
          className={`${inputClass} resize-y`}
        />
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" pending={isSubmitting}>
          {isSubmitting ? "Sending…" : "Send to support"}
        </Button>
      </div>
    </form>
  );
}
