"use client";
// Finishes a Google or GitHub sign-in: the API's callback sent the browser
// here with a single-use exchange code (or an error). The code is spent at
// once through next-auth (mode "oauth" → POST /auth/oauth/exchange, with this
// browser's binding cookie), followed by the second factor when the account
// has two-factor on. The code is taken out of the address bar first.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, useTransition } from "react";
import { buttonClass } from "@/components/button-styles";
import { Spinner } from "@/components/spinner";
import { AuthCard, textLinkClass } from "./auth-card";
import { safeCallbackUrl } from "@/shared/safe-callback-url";
import { failureMessage } from "./sign-in-error";
import { submitCredentials } from "./submit-credentials";
import { OnDemandTwoFactorSignIn } from "./on-demand-two-factor";
import { useTwoFactorChallenge } from "./use-two-factor-challenge";

/** What the callback's `?error=` codes (docs/oauth.md) and a dead exchange code mean to a person. */
const reasons: Record<string, string> = {
  invalid_state:
    "This sign-in took longer than 10 minutes, was already used, or was started in another browser. Please start again from this browser.",
  provider_error: "The provider did not complete the sign-in (it was cancelled, or something went wrong there). Please try again.",
  email_not_verified:
    "The provider does not confirm that your email address is verified, so we cannot use it to sign you in. Verify it with the provider, or sign in another way.",
  account_disabled: "This account cannot sign in. Contact support if you think this is a mistake.",
  invalid_or_expired_token:
    "This sign-in expired before it could finish (it has to complete within a minute, in the browser that started it). Please start again.",
};

type State = { kind: "working" } | { kind: "failed"; message: string };

export function OAuthComplete() {
  const router = useRouter();
  const [state, setState] = useState<State>({ kind: "working" });
  const [callbackUrl, setCallbackUrl] = useState<string | null>(null);
  const [, startNavigation] = useTransition();
  const challenge = useTwoFactorChallenge();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const started = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once; the code in the address works only once
  useEffect(() => {
    // Once, even under React's development double effects: the code works only once.
    if (started.current) return;
    started.current = true;
    const url = new URL(window.location.href);
    const code = url.searchParams.get("code");
    const error = url.searchParams.get("error");
    const next = safeCallbackUrl(url.searchParams.get("next"));
    setCallbackUrl(next);
    if (url.search) window.history.replaceState(null, "", `${url.pathname}${url.hash}`);
    if (!code) {
      setState({ kind: "failed", message: reasons[error ?? ""] ?? reasons.provider_error! });
      return;
    }
    void submitCredentials({ mode: "oauth", code }).then((result) => {
      if (result.ok) {
        startNavigation(() => router.push(next));
        return;
      }
      if (challenge.open(result.failure)) return;
      setState({ kind: "failed", message: reasons[result.failure.code] ?? failureMessage(result.failure) });
    });
    // `challenge` and `router` are stable enough for a run-once effect.
  }, []);

  useEffect(() => {
    if (state.kind === "failed" || challenge.expired) headingRef.current?.focus();
  }, [state.kind, challenge.expired]);

  const footer = (
    <>
      Or{" "}
      <Link href="/sign-in/link" className={textLinkClass}>
        get a sign-in link by email
      </Link>
    </>
  );

  if (challenge.challengeToken) {
    return (
      <OnDemandTwoFactorSignIn
        challenge={challenge}
        challengeToken={challenge.challengeToken}
        callbackUrl={callbackUrl ?? "/sessions"}
        canStartOver={false}
      />
    );
  }

  if (state.kind === "failed" || challenge.expired) {
    return (
      <AuthCard
        headingRef={headingRef}
        title="We could not sign you in"
        description={
          challenge.expired
            ? "The two-factor step works for 5 minutes and allows 5 tries. Please sign in again."
            : state.kind === "failed"
              ? state.message
              : ""
        }
        footer={footer}
      >
        <Link href="/sign-in" className={`${buttonClass("primary")} w-full`}>
          Back to sign in
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard headingRef={headingRef} title="Signing you in…" description="One moment while we finish signing you in." footer={footer}>
      <div className="flex justify-center py-2" role="status">
        <Spinner />
        <span className="sr-only">Signing you in</span>
      </div>
    </AuthCard>
  );
}
