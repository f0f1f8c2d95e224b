// An email's HTML, shown where it cannot reach the portal: sanitized with an
// allow-list first (no prefetch links, refreshes or frames: nothing that
// fetches a URL by itself), then a sandboxed frame with no scripts, forms or
// same-origin access, and no referrer for the images it loads. The markup is
// the sender's, not ours, so accessibility audits leave it out
// (data-third-party).
//
// Remote images are blocked unless the reader asks for them: an image fetched
// from the sender's server tells the sender the message was opened. The page
// policy allows remote images (so a client-side visit to any page can show
// them on request); by default the frame carries a policy of its own that
// allows only inline (data:) images, which a frame's policy can narrow but
// never widen (docs/portal.md, "Remote images").
//
// HTML the API already sanitized (a hosted mailbox's messages) goes straight
// into the frame: running the same sanitizer with the same rules again in the
// browser would add no protection. HTML as the customer sent it (a sent
// message's) is sanitized here first, with the sanitizer (sanitize-html and
// its parsers, about 60 kB gzip) loaded when the first such frame shows.
import { Suspense, use, useMemo } from "react";

let sanitizer: Promise<typeof import("@/shared/sanitize-email-html")> | null = null;
const loadSanitizer = () => {
  sanitizer ??= import("@/shared/sanitize-email-html");
  return sanitizer;
};

const BLOCK_REMOTE_IMAGES = `<meta http-equiv="Content-Security-Policy" content="img-src data:">`;

/** The HTML with the blocking policy first, after a leading doctype so the email keeps its rendering mode. */
export function withRemoteImagesBlocked(html: string): string {
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html)?.[0] ?? "";
  return `${doctype}${BLOCK_REMOTE_IMAGES}${html.slice(doctype.length)}`;
}

/** Whether the HTML asks for images (or backgrounds) over http(s): only then is there anything to show. */
export function hasRemoteImages(html: string): boolean {
  return /\b(?:src|srcset|background|poster)\s*=\s*["']?\s*(?:https?:)?\/\//i.test(html) || /url\(\s*["']?\s*(?:https?:)?\/\//i.test(html);
}

type FrameProps = { className: string; remoteImages?: boolean };

/** HTML as the customer sent it: sanitized in the browser, then framed. */
export function UntrustedEmailHtmlFrame(props: FrameProps & { html: string }) {
  return (
    <Suspense
      fallback={
        <p role="status" className={`h-96 w-full text-sm text-zinc-500 dark:text-zinc-400 ${props.className}`}>
          Loading the message…
        </p>
      }
    >
      <SanitizingFrame {...props} />
    </Suspense>
  );
}

function SanitizingFrame({ html, ...frame }: FrameProps & { html: string }) {
  const { sanitizeEmailHtml } = use(loadSanitizer());
  const safeHtml = useMemo(() => sanitizeEmailHtml(html), [sanitizeEmailHtml, html]);
  return <EmailHtmlFrame safeHtml={safeHtml} {...frame} />;
}

/** HTML the API already sanitized (shared/sanitize-email-html.ts), in the sandboxed frame. */
export function EmailHtmlFrame({ safeHtml, className, remoteImages = false }: FrameProps & { safeHtml: string }) {
  return (
    <iframe
      // A new document when the choice changes: the images load (or not) from the start.
      key={remoteImages ? "remote-images" : "blocked"}
      data-third-party="message-html"
      data-remote-images={remoteImages ? "shown" : "blocked"}
      title="Message body (HTML)"
      sandbox=""
      srcDoc={remoteImages ? safeHtml : withRemoteImagesBlocked(safeHtml)}
      referrerPolicy="no-referrer"
      className={`h-96 w-full bg-white ${className}`}
    />
  );
}
