// The click redirect of a message sent with trackClicks. It only ever sends
// people to the URL that was in the email: the token is signed for that URL.
import { messageOfClickToken } from "@/server/services/messages/tracking-links";
import { recordEngagement } from "@/server/services/messages/record-engagement";

export async function GET(request: Request, { params }: { params: Promise<{ token: string }> }) {
  const url = new URL(request.url).searchParams.get("u") ?? "";
  const messageId = URL.canParse(url) && /^https?:$/.test(new URL(url).protocol) ? messageOfClickToken((await params).token, url) : null;
  if (!messageId) {
    return new Response("This link is not valid.", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  }
  await recordEngagement(messageId, "clicked", { url }).catch(() => undefined);
  return new Response(null, { status: 302, headers: { location: url, "cache-control": "no-store", "referrer-policy": "no-referrer" } });
}
