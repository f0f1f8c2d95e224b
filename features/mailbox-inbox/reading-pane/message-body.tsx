"use client";
// A message's body: the HTML in a sandboxed frame (components/email-html-frame)
// with remote images blocked until the reader allows them for this message
// or always for its sender, and the plain-text part under it.
import { useState } from "react";
import { Button } from "@/components/button";
import { EmailHtmlFrame, hasRemoteImages } from "@/components/email-html-frame";
import { useTrustedImageSenders } from "./trusted-image-senders";

type MessageBodyProps = { html: string | null; text: string | null; messageId: string; sender: string | null };

export function MessageBody({ html, text, messageId, sender }: MessageBodyProps) {
  // Per message: opening another one blocks its images again, unless its sender is trusted.
  const [imagesShownFor, setImagesShownFor] = useState<string | null>(null);
  const trusted = useTrustedImageSenders();
  const senderTrusted = trusted.isTrusted(sender);
  const remoteImages = imagesShownFor === messageId || senderTrusted;
  return (
    <>
      {html && hasRemoteImages(html) ? (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-zinc-50 px-3 py-2 text-sm text-zinc-700 dark:bg-zinc-800/60 dark:text-zinc-300">
          <p className="min-w-0 break-words">
            {senderTrusted
              ? `Remote images are shown for every message from ${sender}.`
              : remoteImages
                ? "Remote images are shown for this message."
                : "Remote images are blocked: loading them can tell the sender you opened this message."}
          </p>
          <div className="flex flex-wrap gap-2">
            {senderTrusted && sender ? (
              <Button variant="secondary" size="sm" onClick={() => trusted.change(sender, false)}>
                Block for this sender
              </Button>
            ) : (
              <>
                <Button variant="secondary" size="sm" onClick={() => setImagesShownFor(remoteImages ? null : messageId)}>
                  {remoteImages ? "Block remote images" : "Show remote images"}
                </Button>
                {sender ? (
                  <Button variant="ghost" size="sm" onClick={() => trusted.change(sender, true)}>
                    Always from this sender
                  </Button>
                ) : null}
              </>
            )}
          </div>
        </div>
      ) : null}
      {html ? (
        <EmailHtmlFrame safeHtml={html} remoteImages={remoteImages} className="rounded-lg border border-zinc-200 dark:border-zinc-800" />
      ) : null}
      {text && html ? (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium text-zinc-800 dark:text-zinc-200">Plain text version</summary>
          <pre className="mt-2 whitespace-pre-wrap break-words text-zinc-700 dark:text-zinc-300">{text}</pre>
        </details>
      ) : text ? (
        <pre aria-label="Message body (text)" className="whitespace-pre-wrap break-words text-sm text-zinc-700 dark:text-zinc-300">
          {text}
        </pre>
      ) : null}
    </>
  );
}
