// The unsubscribe link of a topic's mail (docs/consent.md). POST with
// `List-Unsubscribe=One-Click` (RFC 8058, sent by mail clients: no cookie, no
// login) unsubscribes the recipient from the message's topic; GET is the
// preference page and changes nothing, since mail scanners fetch links; the
// page's form posts back here. A token that names nobody is 404.
import { CLIENT_IP_HEADER } from "@/server/http/client-ip";
import { AppError } from "@/server/errors";
import { findUnsubscribeTarget, type UnsubscribeTarget } from "@/server/services/topics/find-unsubscribe-target";
import {
  type PreferenceNotice,
  renderInvalidLinkPage,
  renderPreferencePage,
  renderRateLimitedPage,
  renderUnsubscribedPage,
} from "@/server/services/topics/preference-page";
import { countLinkUse, preferencesOf, savePreferences, unsubscribeFromTopic } from "@/server/services/topics/unsubscribe";
import { readFormBody } from "@/server/http/read-form-body";

type Context = { params: Promise<{ token: string }> };

const html = (body: string, status = 200, headers: Record<string, string> = {}) =>
  new Response(body, {
    status,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", "referrer-policy": "no-referrer", ...headers },
  });

/** The link's target after counting its use, or the answer that ends the request. */
async function targetOf(request: Request, token: string): Promise<UnsubscribeTarget | Response> {
  try {
    await countLinkUse(token, request.headers.get(CLIENT_IP_HEADER) ?? "unknown");
  } catch (error) {
    return refused(error);
  }
  return (await findUnsubscribeTarget(token)) ?? html(renderInvalidLinkPage(), 404);
}

function refused(error: unknown): Response {
  if (error instanceof AppError && error.code === "rate_limited")
    return html(renderRateLimitedPage(), 429, { "retry-after": error.details.headers?.["retry-after"] ?? "60" });
  throw error;
}

const NOTICES = new Set<PreferenceNotice>(["saved", "unsubscribed", "unsubscribed_all"]);

export async function GET(request: Request, { params }: Context) {
  const { token } = await params;
  const target = await targetOf(request, token);
  if (target instanceof Response) return target;
  const topics = await preferencesOf(target);
  const done = new URL(request.url).searchParams.get("done") as PreferenceNotice;
  return html(
    renderPreferencePage({
      sender: target.sender,
      email: target.email,
      linkTopic: topics.find((topic) => topic.id === target.topicId) ?? null,
      topics,
      action: `/u/${encodeURIComponent(token)}`,
      notice: NOTICES.has(done) ? done : null,
    }),
  );
}

export async function POST(request: Request, { params }: Context) {
  const { token } = await params;
  const form = await readFormBody(request);
  if (!form) return html(renderInvalidLinkPage(), 400);
  const target = await targetOf(request, token);
  if (target instanceof Response) return target;
  const back = (notice: Exclude<PreferenceNotice, null>) =>
    new Response(null, {
      status: 303,
      headers: {
        location: `/u/${encodeURIComponent(token)}?done=${notice}`,
        "cache-control": "no-store",
        "referrer-policy": "no-referrer",
      },
    });
  try {
    if (form.get("List-Unsubscribe") === "One-Click") {
      await unsubscribeFromTopic(target, "one_click");
      const topic = (await preferencesOf(target)).find((entry) => entry.id === target.topicId);
      return html(renderUnsubscribedPage({ sender: target.sender, topic: topic?.name ?? null }));
    }
    switch (form.get("action")) {
      case "unsubscribe":
        await unsubscribeFromTopic(target, "preference_page");
        return back("unsubscribed");
      case "save":
        await savePreferences(target, new Set(form.getAll("topic")));
        return back("saved");
      case "unsubscribe_all":
        await savePreferences(target, new Set());
        await unsubscribeFromTopic(target, "preference_page");
        return back("unsubscribed_all");
      default:
        return html(renderInvalidLinkPage(), 400);
    }
  } catch (error) {
    return refused(error);
  }
}
