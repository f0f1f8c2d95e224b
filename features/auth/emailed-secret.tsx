"use client";
// The "email me something" step shared by code sign-in, sign-in links and
// password reset: ask for the address, then (on the "Check your inbox" step)
// offer to send again or use another address. The API answers the same
// whether or not the account exists, and so do these pages.
import { useState } from "react";
import type { z } from "zod";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { EmailField } from "./email-field";
import { PortalApiError, unreachable } from "@/features/api/portal-fetch";
import { publicFetch } from "@/features/api/public-fetch";
import type { forgotPassword, sendMagicLink, sendSignInCode } from "@/shared/api/endpoint-refs";
import { lazyZodResolver } from "@/features/forms/lazy-zod-resolver";
import { useApiForm } from "@/features/forms/use-api-form";
import type { emailOnlyBody } from "@/shared/schemas/auth";
import { failureMessage } from "./sign-in-error";

export type SendEndpoint = typeof sendSignInCode | typeof sendMagicLink | typeof forgotPassword;

type EmailInput = z.input<typeof emailOnlyBody>;
type EmailValues = z.output<typeof emailOnlyBody>;
const resolver = lazyZodResolver<EmailInput, EmailValues>(() => import("@/shared/schemas/auth").then((schemas) => schemas.emailOnlyBody));

const asApiError = (error: unknown) => (error instanceof PortalApiError ? error : unreachable());

type EmailRequestFormProps = {
  endpoint: SendEndpoint;
  submitLabel: string;
  pendingLabel: string;
  defaultEmail?: string;
  /** Called with the normalised address once the API took the request. */
  onSent: (email: string) => void;
};

export function EmailRequestForm({ endpoint, submitLabel, pendingLabel, defaultEmail = "", onSent }: EmailRequestFormProps) {
  const { form, errors, isSubmitting, onSubmit, failure } = useApiForm({
    resolver,
    defaultValues: { email: defaultEmail },
    submit: ({ email }) => publicFetch(endpoint, { body: { email } }).then(() => email),
    onSuccess: (email) => onSent(email),
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {failure ? <Alert>{failure}</Alert> : null}
      <EmailField error={errors.email?.message} registration={form.register("email")} />
      <Button type="submit" pending={isSubmitting} className="w-full">
        {isSubmitting ? pendingLabel : submitLabel}
      </Button>
    </form>
  );
}

type ResendControlsProps = {
  endpoint: SendEndpoint;
  email: string;
  resendLabel: string;
  onChangeEmail: () => void;
};

/** "Send a new …" and "Use a different email", with the outcome of the last resend. */
export function ResendControls({ endpoint, email, resendLabel, onChangeEmail }: ResendControlsProps) {
  const [state, setState] = useState<{ kind: "idle" | "sending" } | { kind: "sent"; count: number } | { kind: "failed"; message: string }>({
    kind: "idle",
  });

  async function resend() {
    const sentBefore = state.kind === "sent" ? state.count : 0;
    setState({ kind: "sending" });
    try {
      await publicFetch(endpoint, { body: { email } });
      setState({ kind: "sent", count: sentBefore + 1 });
    } catch (error) {
      setState({ kind: "failed", message: failureMessage(asApiError(error)) });
    }
  }

  return (
    <div className="space-y-3">
      {state.kind === "sent" ? (
        // The key re-announces the message when the same text is shown again.
        <Alert key={state.count} tone="success">
          If we could send one, a new email is on its way. Only the newest one works.
        </Alert>
      ) : state.kind === "failed" ? (
        <Alert>{state.message}</Alert>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="secondary" size="sm" className="flex-1" pending={state.kind === "sending"} onClick={() => void resend()}>
          {resendLabel}
        </Button>
        <Button variant="ghost" size="sm" className="flex-1" onClick={onChangeEmail}>
          Use a different email
        </Button>
      </div>
    </div>
  );
}

/** The envelope on "Check your inbox" steps (decorative). */
export function InboxIllustration() {
  return (
    <div
      aria-hidden="true"
      className="mx-auto flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600 ring-8 ring-indigo-50/50 dark:bg-indigo-500/10 dark:text-indigo-400 dark:ring-indigo-500/5"
    >
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.75}
        strokeLinecap="round"
        strokeLinejoin="round"
        className="size-6"
      >
        <rect x="3" y="5" width="18" height="14" rx="2" />
        <path d="m3.5 6.5 8.5 6 8.5-6" />
      </svg>
    </div>
  );
}
