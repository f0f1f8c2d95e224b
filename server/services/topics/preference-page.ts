// The hosted preference page behind every unsubscribe link (docs/consent.md):
// plain HTML and one form, so it works without JavaScript, in any mail
// client's browser, at 390 px and in dark mode. Every string an account
// wrote (its name, topic names and descriptions) is escaped here.
import { escapeHtml } from "@/shared/escape-html";
import type { PreferenceTopic } from "./unsubscribe";

/** What the last form post did, shown at the top after the redirect back. */
export type PreferenceNotice = "saved" | "unsubscribed" | "unsubscribed_all" | null;

export type PreferencePageView = {
  sender: string;
  email: string;
  /** The topic of the message the link came in, when it still exists. */
  linkTopic: PreferenceTopic | null;
  topics: PreferenceTopic[];
  /** Where the form posts: the link itself. */
  action: string;
  notice: PreferenceNotice;
};

const STYLE = `
:root{color-scheme:light dark;--bg:#f4f4f5;--card:#fff;--text:#18181b;--muted:#52525b;--line:#d4d4d8;--accent:#4338ca;--accent-text:#fff;--ok-bg:#ecfdf5;--ok-text:#065f46}
@media (prefers-color-scheme:dark){:root{--bg:#09090b;--card:#18181b;--text:#fafafa;--muted:#a1a1aa;--line:#3f3f46;--accent:#a5b4fc;--accent-text:#1e1b4b;--ok-bg:#052e16;--ok-text:#a7f3d0}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:34rem;margin:0 auto;padding:2rem 1rem}
.card{background:var(--card);border:1px solid var(--line);border-radius:12px;padding:1.5rem}
h1{font-size:1.375rem;line-height:1.3;margin:0 0 .5rem}
h2{font-size:1rem;margin:1.5rem 0 .5rem}
p{margin:0 0 1rem}
.muted{color:var(--muted);font-size:.9375rem}
.notice{background:var(--ok-bg);color:var(--ok-text);border-radius:8px;padding:.75rem 1rem;margin:0 0 1rem}
fieldset{border:0;margin:0;padding:0}
legend{font-weight:600;margin:0 0 .5rem;padding:0}
.topic{display:flex;gap:.75rem;align-items:flex-start;padding:.75rem 0;border-top:1px solid var(--line)}
.topic:first-of-type{border-top:0}
.topic input{width:1.25rem;height:1.25rem;margin:.15rem 0 0;flex:none;accent-color:var(--accent)}
.topic label{font-weight:600;overflow-wrap:anywhere}
.topic .muted{display:block;font-weight:400;margin:0}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1rem}
button{font:inherit;font-weight:600;border-radius:8px;padding:.625rem 1rem;cursor:pointer;min-height:44px}
.primary{background:var(--accent);color:var(--accent-text);border:1px solid var(--accent)}
.secondary{background:transparent;color:var(--text);border:1px solid var(--line)}
button:focus-visible,input:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.email{overflow-wrap:anywhere;font-weight:600}
`;

const notices: Record<Exclude<PreferenceNotice, null>, string> = {
  saved: "Your preferences are saved.",
  unsubscribed: "You are unsubscribed.",
  unsubscribed_all: "You are unsubscribed from every topic.",
};

function topicRow(topic: PreferenceTopic): string {
  const id = `topic-${escapeHtml(topic.id)}`;
  const description = topic.description ? `<span class="muted" id="${id}-description">${escapeHtml(topic.description)}</span>` : "";
  return `<div class="topic">
<input type="checkbox" name="topic" value="${escapeHtml(topic.id)}" id="${id}"${topic.subscribed ? " checked" : ""}${topic.description ? ` aria-describedby="${id}-description"` : ""}>
<label for="${id}">${escapeHtml(topic.name)}${description}</label>
</div>`;
}

function page(title: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<div class="card">
${content}
</div>
</main>
</body>
</html>`;
}

export function renderPreferencePage(view: PreferencePageView): string {
  const sender = escapeHtml(view.sender);
  const notice = view.notice ? `<p class="notice" role="status">${notices[view.notice]}</p>` : "";
  const linkTopic =
    view.linkTopic?.subscribed === true
      ? `<form method="post" action="${escapeHtml(view.action)}">
<input type="hidden" name="action" value="unsubscribe">
<p>You get this mail because you are subscribed to <strong>${escapeHtml(view.linkTopic.name)}</strong>.</p>
<div class="actions"><button class="primary" type="submit">Unsubscribe from ${escapeHtml(view.linkTopic.name)}</button></div>
</form>
<h2>Or choose what you get</h2>`
      : "";
  const choices =
    view.topics.length > 0
      ? `<form method="post" action="${escapeHtml(view.action)}">
<fieldset>
<legend>Mail from ${sender}</legend>
${view.topics.map(topicRow).join("\n")}
</fieldset>
<div class="actions">
<button class="primary" type="submit" name="action" value="save">Save preferences</button>
<button class="secondary" type="submit" name="action" value="unsubscribe_all">Unsubscribe from all</button>
</div>
</form>`
      : `<p>${sender} sends no subscribed mail to you any more.</p>`;
  return page(
    `Email preferences: ${view.sender}`,
    `<h1>Email preferences for ${sender}</h1>
<p class="muted">For <span class="email">${escapeHtml(view.email)}</span></p>
${notice}
${linkTopic}
${choices}
<p class="muted" style="margin-top:1.5rem">These choices cover subscribed mail only. ${sender} may still send you mail you need about your own dealings with them, such as receipts, security notices and password resets.</p>`,
  );
}

/** The answer to a link that names nobody (forged, altered, or its message gone). */
export function renderInvalidLinkPage(): string {
  return page(
    "Link not valid",
    `<h1>This link is not valid</h1>
<p>It may have been copied incompletely. Open the unsubscribe link from the email itself, or ask the sender to stop writing to you.</p>`,
  );
}

/** The answer to the one-click POST (mail clients show it rarely, if ever). */
export function renderUnsubscribedPage(view: { sender: string; topic: string | null }): string {
  const what = view.topic ? ` from ${escapeHtml(view.topic)}` : "";
  return page("Unsubscribed", `<h1>You are unsubscribed${what}</h1><p>${escapeHtml(view.sender)} will not send you this mail again.</p>`);
}

/** Too many requests for one link or from one network. */
export function renderRateLimitedPage(): string {
  return page(
    "Please wait",
    "<h1>Please wait a moment</h1><p>This link was used many times in a short while. Try again in a few minutes.</p>",
  );
}
