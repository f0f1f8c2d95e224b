// The second-factor step shows only for accounts with two-factor on, after
// the first factor was accepted: fetched then. The magic-link and OAuth pages
// have no other form, so their first load carries no react-hook-form at all.
import { onDemand } from "@/components/on-demand";

export const OnDemandTwoFactorSignIn = onDemand(() => import("./two-factor-sign-in").then((module) => module.TwoFactorSignIn));
