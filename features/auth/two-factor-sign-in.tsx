"use client";
// The second step of every sign-in when two-factor is on: a code from the
// authenticator app, or one of the recovery codes, sent through next-auth
// (mode "challenge" → POST /auth/2fa/challenge). A wrong code keeps the step;
// a dead challenge (5 minutes, 5 wrong codes) goes back to the first step.
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, useTransition } from "react";
import type { z } from "zod";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { inputClass } from "@/components/form-field";
import { OneTimeCodeInput } from "@/components/one-time-code-input";
import { TextField } from "@/components/text-field";
import { PortalApiError } from "@/features/api/portal-fetch";
import { lazyZodResolver } from "@/features/forms/lazy-zod-resolver";
import { useApiForm } from "@/features/forms/use-api-form";
import type { twoFactorCodeBody } from "@/shared/schemas/two-factor";
import { AuthCard } from "./auth-card";
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

function CodeForm({ method, challenge, challengeToken, callbackUrl, onSwitchMethod, canStartOver }: CodeFormProps) {
  const router = useRouter();
  const [isNavigating, startNavigation] = useTransition();
  const alertRef = useRef<HTMLDivElement>(null);
  const { form, errors, isSubmitting, onSubmit, failure } = useApiForm({
    resolver: resolvers[method],
    defaultValues: { code: "" },
    submit: async ({ code }: CodeValues) => {
      const result = await submitCredentials({ mode: "challenge", challengeToken, code });
      if (result.ok) return;
      const { failure: apiFailure } = result;
      // A wrong code keeps the step; a new token comes along when the API issued one.
      if (apiFailure.code === "invalid_two_factor_code" && apiFailure.challengeToken) challenge.replaceToken(apiFailure.challengeToken);
      if (apiFailure.code === "invalid_or_expired_token") challenge.expire(apiFailure);
      throw new PortalApiError(401, apiFailure.code, apiFailure.message, apiFailure.errors, apiFailure.retryAfterSeconds);
    },
    onSuccess: () => startNavigation(() => router.push(callbackUrl)),
    onError: (error) => {
      if (!(error instanceof PortalApiError)) return false;
      // The dead challenge took the visitor back to the first step, which says why.
      if (error.code === "invalid_or_expired_token") return true;
      if (error.code !== "invalid_two_factor_code") return false;
      form.setValue("code", "");
      form.setError("code", { type: "server", message: error.message }, { shouldFocus: true });
      return true;
    },
  });

  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);

  const isPending = isSubmitting || isNavigating;
  const error = errors.code?.message;
  const hint = method === "app" ? "Codes change every 30 seconds." : "It looks like xxxxx-xxxxx.";

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {failure ? <Alert ref={alertRef}>{failure}</Alert> : null}
      <TextField label={copy[method].label} error={error} hint={hint}>
        {(control) =>
          method === "app" ? (
            <OneTimeCodeInput {...form.register("code")} {...control} autoFocus />
          ) : (
            <input
              {...form.register("code")}
              {...control}
              autoFocus
              type="text"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="xxxxx-xxxxx"
              className={`${inputClass} text-center font-mono text-base tracking-wider`}
            />
          )
        }
      </TextField>
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
