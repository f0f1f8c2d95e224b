// Engagement tracking (off by default, per message): an open pixel and click
// redirects. Each URL carries the message id and an HMAC over what it points
// to, so nobody can forge events for another message or turn our redirect
// into an open redirect to a URL we did not put in the email.
import { constantTimeEqual, derivedKey, hmacBase64Url } from "@/server/security/crypto";
import { env } from "@/server/config/env";

const key = () => derivedKey("message-tracking");

const openSignature = (messageId: string) => hmacBase64Url(key(), `open\n${messageId}`);
const clickSignature = (messageId: string, url: string) => hmacBase64Url(key(), `click\n${messageId}\n${url}`);

export function openPixelUrl(messageId: string): string {
  return `${env().appUrl}/t/o/${messageId}.${openSignature(messageId)}`;
}

export function clickUrl(messageId: string, url: string): string {
  return `${env().appUrl}/t/c/${messageId}.${clickSignature(messageId, url)}?u=${encodeURIComponent(url)}`;
}

function splitToken(token: string): { messageId: string; signature: string } | null {
  const match = /^(msg_[0-9a-f]{24})\.([A-Za-z0-9_-]{43})$/.exec(token);
  return match ? { messageId: match[1]!, signature: match[2]! } : null;
}

/** The message an open-pixel token is for, or null when it is not one of ours. */
export function messageOfOpenToken(token: string): string | null {
  const parts = splitToken(token);
  return parts && constantTimeEqual(parts.signature, openSignature(parts.messageId)) ? parts.messageId : null;
}

/** The message a click token is for, when it was signed for exactly this URL. */
export function messageOfClickToken(token: string, url: string): string | null {
  const parts = splitToken(token);
  return parts && constantTimeEqual(parts.signature, clickSignature(parts.messageId, url)) ? parts.messageId : null;
}

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
const unescapeAttribute = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");

/**
 * The URL a browser would follow for this href, in the URL standard's
 * serialisation (tabs and line breaks removed, everything else
 * percent-encoded: always a valid Location header); null when it is not an
 * http(s) URL, and then the link is left as it was, untracked.
 */
export function trackableUrl(href: string): string | null {
  if (!URL.canParse(href)) return null;
  const url = new URL(href);
  return /^https?:$/.test(url.protocol) ? url.href : null;
}

/** The HTML as sent: links through the click redirect and/or the pixel at the end of the body. */
export function withTracking(html: string, messageId: string, options: { opens: boolean; clicks: boolean }): string {
  let out = html;
  if (options.clicks) {
    out = out.replace(/(<a\b[^>]*?\shref\s*=\s*)(["'])(https?:\/\/[^"']+)\2/gi, (all, before: string, quote: string, href: string) => {
      const target = trackableUrl(unescapeAttribute(href));
      return target ? `${before}${quote}${escapeAttribute(clickUrl(messageId, target))}${quote}` : all;
    });
  }
  if (options.opens) {
    const pixel = `<img src="${escapeAttribute(openPixelUrl(messageId))}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0">`;
    out = /<\/body>/i.test(out) ? out.replace(/<\/body>/i, `${pixel}</body>`) : `${out}${pixel}`;
  }
  return out;
}
