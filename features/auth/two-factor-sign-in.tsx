"use client";
// The second step of every sign-in when two-factor is on: a code from the
// authenticator app, or one of the recovery codes, sent through next-auth
// (mode "challenge" → POST /auth/2fa/challenge). A wrong code keeps the step;
// a dead challenge (5 minutes, 5 wrong codes) goes back to the first step.
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { describedBy, fieldIds, FormField, inputClass } from "@/components/form-field";
import { OneTimeCodeInput } from "@/components/one-time-code-input";
import { lazyZodResolver } from "@/features/forms/lazy-zod-resolver";
import type { twoFactorCodeBody } from "@/shared/schemas/two-factor";
import { AuthCard } from "./auth-card";
import { failureMessage } from "./sign-in-error";
import { submitCredentials } from "./submit-credentials";
import type { TwoFactorChallenge } from "./use-two-factor-challenge";

type Method = "app" | "recovery";

type CodeInput = z.input<typeof twoFactorCodeBody>;
type CodeValues = z.output<typeof twoFactorCodeBody>;
const twoFactorSchemas = () => import("@/shared/schemas/two-factor");
const resolvers = {
  app: lazyZodResolver<CodeInput, CodeValues>(() => twoFactorSchemas().then((schemas) => schemas.twoFactorCodeBody)),
  recovery: lazyZodResolver<CodeInput, CodeValues>(() => twoFactorSchemas().then((schemas) => schemas.challengeBody.pick({ code: true }))),
} as const;

const copy = {
  app: {
    description: "Enter the 6-digit code from your authenticator app.",
    label: "Authentication code",
    switchLabel: "Use a recovery code instead",
  },
  recovery: {
    description: "Enter one of the recovery codes you saved when you turned on two-factor authentication. Each one works once.",
    label: "Recovery code",
    switchLabel: "Use your authenticator app instead",
  },
} as const;

type TwoFactorSignInProps = {
  challenge: TwoFactorChallenge;
  /** The open challenge (`challenge.challengeToken`, once it is set). */
  challengeToken: string;
  callbackUrl: string;
  /** Offer "Start over" (not after a magic link: its token is spent). */
  canStartOver?: boolean;
};

export function TwoFactorSignIn({ challenge, challengeToken, callbackUrl, canStartOver = true }: TwoFactorSignInProps) {
  const [method, setMethod] = useState<Method>("app");
  return (
    <AuthCard
      title="Two-factor authentication"
      description={copy[method].description}
      footer="Two-factor authentication keeps your account safe even if someone learns your password."
    >
      <ShieldIllustration />
      {/* A new form per method: each has its own rules, and the typed value does not carry over. */}
      <CodeForm
        key={method}
        method={method}
        challenge={challenge}
        challengeToken={challengeToken}
        callbackUrl={callbackUrl}
        onSwitchMethod={() => setMethod(method === "app" ? "recovery" : "app")}
        canStartOver={canStartOver}
      />
    </AuthCard>
  );
}

type CodeFormProps = {
  method: Method;
  challenge: TwoFactorChallenge;
  challengeToken: string;
  callbackUrl: string;
  onSwitchMethod: () => void;
  canStartOver: boolean;
};

const ids = { code: fieldIds("two-factor-code") };

function CodeForm({ method, challenge, challengeToken, callbackUrl, onSwitchMethod, canStartOver }: CodeFormProps) {
  const router = useRouter();
  const form = useForm<CodeInput, unknown, CodeValues>({ resolver: resolvers[method], defaultValues: { code: "" } });
  const { errors, isSubmitting } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);
  const [isNavigating, startNavigation] = useTransition();
  const alertRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setFailure(null);
    const result = await submitCredentials({ mode: "challenge", challengeToken, code });
    if (result.ok) {
      startNavigation(() => router.push(callbackUrl));
      return;
    }
    const { failure: apiFailure } = result;
    switch (apiFailure.code) {
      case "invalid_two_factor_code":
        // The step stays; a new token comes along when the API issued one.
        if (apiFailure.challengeToken) challenge.replaceToken(apiFailure.challengeToken);
        form.setValue("code", "");
        form.setError("code", { type: "server", message: apiFailure.message }, { shouldFocus: true });
        return;
      case "invalid_or_expired_token":
        challenge.expire(apiFailure);
        return;
      default:
        setFailure(failureMessage(apiFailure));
    }
  });

  const isPending = isSubmitting || isNavigating;
  const error = errors.code?.message;
  const hint = method === "app" ? "Codes change every 30 seconds." : "It looks like xxxxx-xxxxx.";
  const field = { ...form.register("code"), ...describedBy(ids.code, { error, hint }), autoFocus: true };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {failure ? <Alert ref={alertRef}>{failure}</Alert> : null}
      <FormField ids={ids.code} label={copy[method].label} error={error} hint={hint}>
        {method === "app" ? (
          <OneTimeCodeInput {...field} />
        ) : (
          <input
            {...field}
            type="text"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="xxxxx-xxxxx"
            className={`${inputClass} text-center font-mono text-base tracking-wider`}
          />
        )}
      </FormField>
      <Button type="submit" pending={isPending} className="w-full">
        {isPending ? "Verifying…" : "Verify"}
      </Button>
      <div className="flex flex-col items-center gap-1 sm:flex-row sm:justify-between">
        <Button variant="ghost" size="sm" onClick={onSwitchMethod}>
          {copy[method].switchLabel}
        </Button>
        {canStartOver ? (
          <Button variant="ghost" size="sm" onClick={challenge.cancel}>
            Start over
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** The shield above the code field (decorative). */
function ShieldIllustration() {
  return (
    <div
      aria-hidden="true"
      className="mx-auto mb-6 flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600 ring-8 ring-indigo-50/50 dark:bg-indigo-500/10 dark:text-indigo-400 dark:ring-indigo-500/5"
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
        <path d="M12 3 4.5 6v5.5c0 4.6 3.1 8.3 7.5 9.5 4.4-1.2 7.5-4.9 7.5-9.5V6L12 3Z" />
        <rect x="9" y="10.5" width="6" height="5" rx="1" />
        <path d="M10.5 10.5V9a1.5 1.5 0 0 1 3 0v1.5" />
      </svg>
    </div>
  );
}
