// TOTP codes from Debian's oathtool: an implementation independent of ours.
import { execFileSync } from "node:child_process";

const STEP_MS = 30_000;

/** The code for `offsetSteps` steps away from now. */
export function oathtoolCode(secret: string, offsetSteps = 0): string {
  const at = Math.floor((Date.now() + offsetSteps * STEP_MS) / 1000);
  return execFileSync("oathtool", ["--totp", "-b", secret, "--now", `@${at}`], { encoding: "utf8" }).trim();
}

/** Waits out the last seconds of a step, so a sequence of codes is not split by a step change. */
export async function awayFromStepBoundary(marginMs = 5_000): Promise<void> {
  const left = STEP_MS - (Date.now() % STEP_MS);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 250));
}
