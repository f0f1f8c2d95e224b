// The open-tracking pixel of a message sent with trackOpens. Always answers
// the image, so a bad or stale token looks the same as a good one.
import { messageOfOpenToken } from "@/server/services/messages/tracking-links";
import { recordEngagement } from "@/server/services/messages/record-engagement";

const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

export async function GET(request: Request, { params }: { params: Promise<{ token: string }> }) {
  const messageId = messageOfOpenToken((await params).token);
  if (messageId)
    await recordEngagement(messageId, "opened", { userAgent: request.headers.get("user-agent")?.slice(0, 256) ?? null }).catch(
      () => undefined,
    );
  return new Response(PIXEL, {
    headers: { "content-type": "image/gif", "cache-control": "no-store, max-age=0", "content-length": String(PIXEL.length) },
  });
}
