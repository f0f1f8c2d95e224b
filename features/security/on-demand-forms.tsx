"use client";
// The forms of /security that appear only after a click or a refused change:
// "Confirm it's you", "Turn off two-factor" and the two-factor setup. With
// them go react-hook-form (≈ 13 kB gzip) and, for the setup, the QR code
// encoder: nothing else on the page needs them, so each is fetched when it
// first appears, and the page's first load carries none of it.
import { lazy, Suspense } from "react";
import type { ConfirmIdentityProps } from "./confirm-identity";
import type { TwoFactorSetupProps } from "./two-factor-setup";

const loadTwoFactorSetup = () => import("./two-factor-setup");

const ConfirmIdentity = lazy(() => import("./confirm-identity").then((module) => ({ default: module.ConfirmIdentity })));
const TurnOffTwoFactor = lazy(() => import("./turn-off-two-factor").then((module) => ({ default: module.TurnOffTwoFactor })));
const TwoFactorSetup = lazy(() => loadTwoFactorSetup().then((module) => ({ default: module.TwoFactorSetup })));

/** Starts fetching the setup form, e.g. alongside the API call that opens it. */
export function preloadTwoFactorSetup(): void {
  void loadTwoFactorSetup();
}

function Loading() {
  return (
    <p role="status" className="text-sm text-zinc-500 dark:text-zinc-400">
      Loading…
    </p>
  );
}

export function LazyConfirmIdentity(props: ConfirmIdentityProps) {
  return (
    <Suspense fallback={<Loading />}>
      <ConfirmIdentity {...props} />
    </Suspense>
  );
}

export function LazyTurnOffTwoFactor(props: { onTurnedOff: () => void; onCancel: () => void }) {
  return (
    <Suspense fallback={<Loading />}>
      <TurnOffTwoFactor {...props} />
    </Suspense>
  );
}

export function LazyTwoFactorSetup(props: TwoFactorSetupProps) {
  return (
    <Suspense fallback={<Loading />}>
      <TwoFactorSetup {...props} />
    </Suspense>
  );
}
