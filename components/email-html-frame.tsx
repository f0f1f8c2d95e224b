// An email's HTML, shown where it cannot reach the portal: a sandboxed frame
// with no scripts, forms or same-origin access, and no referrer for the
// images it loads. The markup is the sender's, not ours, so accessibility
// audits leave it out (data-third-party).

export function EmailHtmlFrame({ html, className }: { html: string; className: string }) {
  return (
    <iframe
      data-third-party="message-html"
      title="Message body (HTML)"
      sandbox=""
      srcDoc={html}
      referrerPolicy="no-referrer"
      className={`h-96 w-full bg-white ${className}`}
    />
  );
}
