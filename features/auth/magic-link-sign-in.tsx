"use client";
// The page an emailed sign-in link opens. Mail scanners and link previews
// fetch links before people click them, so loading the page never spends the
// token (docs/portal.md): only the "Sign in" button does, through next-auth
// (mode "magic_link" → GET /auth/magic-link/verify), followed by the second
// factor when the account has two-factor on. The token is read once and taken
// out of the address bar, so it stays out of history, bookmarks and screenshots.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, useTransition } from "react";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { buttonClass } from "@/components/button-styles";
import { DEFAULT_AFTER_SIGN_IN } from "@/shared/safe-callback-url";
import { AuthCard, textLinkClass } from "./auth-card";
import { failureMessage, type SignInFailure } from "./sign-in-error";
import { submitCredentials } from "./submit-credentials";
import { OnDemandTwoFactorSignIn } from "./on-demand-two-factor";
import { useTwoFactorChallenge } from "./use-two-factor-challenge";

type State =
  | { kind: "reading" }
  | { kind: "ready"; token: string }
  | { kind: "signing-in"; token: string }
  | { kind: "failed"; token: string; failure: SignInFailure }
  /** Spent, expired, unknown, or no token in the address at all. */
  | { kind: "invalid" };

export function MagicLinkSignIn() {
  const router = useRouter();
  const [state, setState] = useState<State>({ kind: "reading" });
  const [isNavigating, startNavigation] = useTransition();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const challenge = useTwoFactorChallenge();

  useEffect(() => {
    const url = new URL(window.location.href);
    const token = url.searchParams.get("token");
    if (url.search) window.history.replaceState(null, "", `${url.pathname}${url.hash}`);
    setState(token ? { kind: "ready", token } : { kind: "invalid" });
  }, []);

  useEffect(() => {
    if (state.kind === "invalid" || state.kind === "failed" || challenge.expired) headingRef.current?.focus();
  }, [state.kind, challenge.expired]);

  async function signIn(token: string) {
    setState({ kind: "signing-in", token });
    const result = await submitCredentials({ mode: "magic_link", token });
    if (result.ok) {
      startNavigation(() => router.push(DEFAULT_AFTER_SIGN_IN));
      return;
    }
    // The link was spent on the first factor; what is left is the second.
    if (challenge.open(result.failure)) {
      setState({ kind: "invalid" });
      return;
    }
    // A dead token will not come back to life; anything else (network, rate limit) may be retried.
    setState(result.failure.code === "invalid_or_expired_token" ? { kind: "invalid" } : { kind: "failed", token, failure: result.failure });
  }

  const footer = (
    <>
      Or{" "}
      <Link href="/sign-in" className={textLinkClass}>
        sign in with your password
      </Link>
    </>
  );

  if (challenge.challengeToken) {
    return (
      <OnDemandTwoFactorSignIn
        challenge={challenge}
        challengeToken={challenge.challengeToken}
        callbackUrl={DEFAULT_AFTER_SIGN_IN}
        canStartOver={false}
      />
    );
  }

  if (challenge.expired) {
    return (
      <AuthCard
        headingRef={headingRef}
        title="This sign-in attempt has expired"
        description="The two-factor step works for 5 minutes and allows 5 tries, and your link is used up. Ask for a new one to sign in again."
        footer={footer}
      >
        <Link href="/sign-in/link" className={`${buttonClass("primary")} w-full`}>
          Email me a new link
        </Link>
      </AuthCard>
    );
  }

  if (state.kind === "invalid") {
    return (
      <AuthCard
        headingRef={headingRef}
        title="This link is invalid, used or expired"
        description="Sign-in links work once, for 15 minutes, and only the newest one you asked for."
        footer={footer}
      >
        <Link href="/sign-in/link" className={`${buttonClass("primary")} w-full`}>
          Email me a new link
        </Link>
      </AuthCard>
    );
  }

  const token = state.kind === "reading" ? null : state.token;
  const isPending = state.kind === "signing-in" || isNavigating;
  return (
    <AuthCard
      headingRef={headingRef}
      title="Sign in with your link"
      description="For your safety, opening the link does not sign you in by itself. Press the button to continue."
      footer={footer}
    >
      <div className="space-y-5">
        {state.kind === "failed" ? <Alert>{failureMessage(state.failure)}</Alert> : null}
        <Button className="w-full" disabled={token === null} pending={isPending} onClick={() => token && void signIn(token)}>
          {isPending ? "Signing in…" : "Sign in"}
        </Button>
        <p className="text-center text-xs leading-5 text-zinc-500 dark:text-zinc-400">
          Did not ask for this link? Close this page: nothing happens until someone presses the button.
        </p>
      </div>
    </AuthCard>
  );
}
