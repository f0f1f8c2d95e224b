// The click redirect of a message sent with trackClicks. It only ever sends
// people to the URL that was in the email: the token is signed for that URL.
import { messageOfClickToken, trackableUrl } from "@/server/services/messages/tracking-links";
import { recordEngagement } from "@/server/services/messages/record-engagement";

// Neither answer tells the destination (or anyone) where the reader came from.
const headers = { "cache-control": "no-store", "referrer-policy": "no-referrer" };

export async function GET(request: Request, { params }: { params: Promise<{ token: string }> }) {
  const url = new URL(request.url).searchParams.get("u") ?? "";
  // The signature covers the stored text; the Location is its serialisation, which a header can always carry.
  const target = trackableUrl(url);
  const messageId = target ? messageOfClickToken((await params).token, url) : null;
  if (!target || !messageId) {
    return new Response("This link is not valid.", { status: 404, headers: { ...headers, "content-type": "text/plain; charset=utf-8" } });
  }
  await recordEngagement(messageId, "clicked", { url: target }).catch(() => undefined);
  return new Response(null, { status: 302, headers: { ...headers, location: target } });
}
