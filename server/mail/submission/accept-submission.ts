// Placeholder until the pipeline's raw-message service lands.
import type { SendingPrincipal } from "@/server/http/route";
import type { SubmittedMessage } from "./submitted-message";

export async function acceptSubmission(_principal: SendingPrincipal, _envelope: { from: string; to: string[] }, _message: SubmittedMessage): Promise<{ id: string }> {
  throw new Error("not wired yet");
}
