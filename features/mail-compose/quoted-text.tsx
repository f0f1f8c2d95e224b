"use client";
// What a reply or forward quotes, below the editor and outside it: a click in
// the editor's empty space, or typing after the last line, always writes the
// reply, never into the quote. Folded by default (a phone keeps Send in view);
// it can be shown, moved into the text to edit it, or left out.
import { useId, useState } from "react";
import { Button } from "@/components/button";
import { editableHtml } from "./rich-text-editor";

type QuotedTextProps = {
  html: string;
  /** Moves the quote into the editor, where it can be changed. */
  onEdit: () => void;
  /** Sends without it. */
  onRemove: () => void;
};

export function QuotedText({ html, onEdit, onRemove }: QuotedTextProps) {
  const [shown, setShown] = useState(false);
  const bodyId = useId();
  return (
    <div role="group" aria-label="Quoted text" className="rounded-lg border border-dashed border-zinc-300 p-2 dark:border-zinc-700">
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="ghost" size="sm" aria-expanded={shown} aria-controls={bodyId} onClick={() => setShown(!shown)}>
          {shown ? "Hide quoted text" : "Show quoted text"}
        </Button>
        <Button variant="ghost" size="sm" onClick={onEdit}>
          Edit quoted text
        </Button>
        <Button variant="ghost" size="sm" onClick={onRemove}>
          Leave it out
        </Button>
      </div>
      {shown ? (
        <div
          id={bodyId}
          // Our own markup around the original's escaped text, cleaned again as the editor cleans its content.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: editableHtml removes scripts, frames, handlers and remote images.
          dangerouslySetInnerHTML={{ __html: editableHtml(html) }}
          className="mt-2 px-2 text-sm text-zinc-600 dark:text-zinc-400 [&_blockquote]:border-l-2 [&_blockquote]:border-zinc-300 [&_blockquote]:pl-3 dark:[&_blockquote]:border-zinc-600 [&_p]:my-1"
        />
      ) : null}
    </div>
  );
}
