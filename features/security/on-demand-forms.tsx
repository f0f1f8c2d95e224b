"use client";
// The forms of /security that appear only after a click or a refused change:
// "Confirm it's you", "Turn off two-factor" and the two-factor setup (with
// the QR code encoder). Each is fetched when it first appears.
import { onDemand } from "@/components/on-demand";

const loadTwoFactorSetup = () => import("./two-factor-setup");

export const LazyConfirmIdentity = onDemand(() => import("./confirm-identity").then((module) => module.ConfirmIdentity));
export const LazyTurnOffTwoFactor = onDemand(() => import("./turn-off-two-factor").then((module) => module.TurnOffTwoFactor));
export const LazyTwoFactorSetup = onDemand(() => loadTwoFactorSetup().then((module) => module.TwoFactorSetup));

/** Starts fetching the setup form, e.g. alongside the API call that opens it. */
export function preloadTwoFactorSetup(): void {
  void loadTwoFactorSetup();
}
