"use client";
// The second step of a sign-in when two-factor is on. Every way in (password,
// emailed code, emailed link) can answer 401 two_factor_required with a
// challenge token; this holds the token while <TwoFactorSignIn> asks for the
// code, and the reason when the challenge died (5 minutes, or 5 wrong codes)
// so the first step can say why the visitor is back there.
import { useState } from "react";
import type { SignInFailure } from "./sign-in-error";

export type TwoFactorChallenge = {
  /** Set while the second step is shown. */
  challengeToken: string | null;
  /** Why the last challenge ended without signing in (shown on the first step). */
  expired: SignInFailure | null;
  /** Opens the second step if this failure asks for it; returns whether it did. */
  open: (failure: SignInFailure) => boolean;
  /** A wrong code given with a password comes back with a new token for the next try. */
  replaceToken: (challengeToken: string) => void;
  /** The challenge is dead: back to the first step, which says why. */
  expire: (failure: SignInFailure) => void;
  /** Back to the first step by choice. */
  cancel: () => void;
  /** A new attempt on the first step: the old reason goes. */
  clearExpired: () => void;
};

export function useTwoFactorChallenge(): TwoFactorChallenge {
  const [challengeToken, setChallengeToken] = useState<string | null>(null);
  const [expired, setExpired] = useState<SignInFailure | null>(null);
  return {
    challengeToken,
    expired,
    open(failure) {
      if (failure.code !== "two_factor_required" || !failure.challengeToken) return false;
      setExpired(null);
      setChallengeToken(failure.challengeToken);
      return true;
    },
    replaceToken: setChallengeToken,
    expire(failure) {
      setChallengeToken(null);
      setExpired(failure);
    },
    cancel() {
      setChallengeToken(null);
      setExpired(null);
    },
    clearExpired: () => setExpired(null),
  };
}
