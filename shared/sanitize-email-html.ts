// A received (or sent) email's HTML as the portal shows it: an allow-list of
// formatting tags and attributes (sanitize-html), so nothing in it can make
// the reader's browser fetch a URL on its own: no <link rel=prefetch> or
// modulepreload, no <meta http-equiv=refresh>, no <base>, frames, forms,
// media, SVG or srcset. What stays (an <img>'s src, a CSS url()) is still
// held back by the portal's Content-Security-Policy (img-src 'self' data:),
// which the sandboxed frame inherits. See docs/security.md, "Message HTML".
import sanitizeHtml from "sanitize-html";

const layoutAttributes = ["align", "valign", "width", "height", "bgcolor", "color", "border", "cellpadding", "cellspacing"];

const options: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, "img", "font", "center", "big", "strike", "tt", "style"],
  // Email layouts live in <style> blocks; the frame runs no scripts, and CSS cannot prefetch.
  allowVulnerableTags: true,
  nonTextTags: ["script", "textarea", "option", "noscript", "title"],
  allowedAttributes: {
    "*": ["style", "class", "id", "dir", "lang", "title", ...layoutAttributes],
    a: ["href", "name"],
    img: ["src", "alt"],
    font: ["face", "size", "color"],
    td: ["colspan", "rowspan", "nowrap"],
    th: ["colspan", "rowspan", "nowrap", "scope"],
    col: ["span"],
    colgroup: ["span"],
    ol: ["start", "type"],
    li: ["value"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https", "data", "cid"] },
  allowProtocolRelative: false,
};

export function sanitizeEmailHtml(html: string): string {
  return sanitizeHtml(html, options);
}
