// An email's HTML, shown where it cannot reach the portal: sanitized with an
// allow-list first (no prefetch links, refreshes or frames: nothing that
// fetches a URL by itself), then a sandboxed frame with no scripts, forms or
// same-origin access, and no referrer for the images it loads. The markup is
// the sender's, not ours, so accessibility audits leave it out
// (data-third-party).
import { useMemo } from "react";
import { sanitizeEmailHtml } from "@/shared/sanitize-email-html";

export function EmailHtmlFrame({ html, className }: { html: string; className: string }) {
  const safeHtml = useMemo(() => sanitizeEmailHtml(html), [html]);
  return (
    <iframe
      data-third-party="message-html"
      title="Message body (HTML)"
      sandbox=""
      srcDoc={safeHtml}
      referrerPolicy="no-referrer"
      className={`h-96 w-full bg-white ${className}`}
    />
  );
}
