"use client";
// The message's text: an editable area with bold, italic, lists, links and
// quotes (the browser's own editing commands, no editor library), whose HTML
// the API sends with a plain-text alternative made from it. Pasted content
// comes in as plain text, and what the editor starts with is cleaned first,
// so nothing in it fetches anything (docs/webmail.md, "In the portal").
import { useEffect, useImperativeHandle, useRef } from "react";
import { LineIcon } from "@/components/line-icon";

export type EditorHandle = {
  /** The HTML to send; "" when nothing was written. */
  html: () => string;
  focus: () => void;
  /** Adds (cleaned) HTML after what is written, on a new line, and puts the caret above it. */
  append: (html: string) => void;
};

/** A draft's or a quote's HTML made safe to edit here: no remote images, frames, scripts or handlers. */
export function editableHtml(html: string): string {
  const document = new DOMParser().parseFromString(html, "text/html");
  for (const element of document.body.querySelectorAll("script, style, iframe, object, embed, form, link, meta")) element.remove();
  for (const image of document.body.querySelectorAll("img")) {
    if (!/^data:image\//i.test(image.getAttribute("src") ?? "")) image.remove();
  }
  for (const element of document.body.querySelectorAll("*")) {
    for (const attribute of [...element.attributes]) {
      if (/^on/i.test(attribute.name) || attribute.name === "background" || attribute.name === "srcset")
        element.removeAttribute(attribute.name);
    }
  }
  return document.body.innerHTML;
}

const tools = [
  { label: "Bold", command: "bold", glyph: <b>B</b> },
  { label: "Italic", command: "italic", glyph: <i>I</i> },
  { label: "Bulleted list", command: "insertUnorderedList", glyph: "•" },
  { label: "Numbered list", command: "insertOrderedList", glyph: "1." },
  { label: "Quote", command: "quote", glyph: "“" },
  {
    label: "Link",
    command: "link",
    glyph: (
      <LineIcon size={16}>
        <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
      </LineIcon>
    ),
  },
] as const;

function run(command: (typeof tools)[number]["command"]) {
  if (command === "quote") document.execCommand("formatBlock", false, "blockquote");
  else if (command === "link") {
    const url = window.prompt("Link address (https://…)", "https://")?.trim();
    if (url && /^(https?:\/\/|mailto:)\S+$/i.test(url)) document.execCommand("createLink", false, url);
  } else document.execCommand(command);
}

type RichTextEditorProps = {
  id: string;
  label: string;
  initialHtml: string;
  error?: string;
  errorId: string;
  onInput: () => void;
  ref: React.Ref<EditorHandle>;
};

export function RichTextEditor({ id, label, initialHtml, error, errorId, onInput, ref }: RichTextEditorProps) {
  const area = useRef<HTMLDivElement>(null);
  const labelId = `${id}-label`;

  useEffect(() => {
    // Set once (a compose form starts from one content); later it is the writer's.
    if (area.current) area.current.innerHTML = editableHtml(initialHtml);
  }, [initialHtml]);

  useImperativeHandle(ref, () => ({
    html: () => {
      const element = area.current;
      if (!element || (element.textContent ?? "").trim() === "") return "";
      return element.innerHTML;
    },
    focus: () => {
      const element = area.current;
      if (!element) return;
      element.focus();
      // At the very start, above a quote.
      const range = document.createRange();
      range.setStart(element, 0);
      range.collapse(true);
      window.getSelection()?.removeAllRanges();
      window.getSelection()?.addRange(range);
    },
    append: (html) => {
      const element = area.current;
      if (!element) return;
      if ((element.textContent ?? "").trim() === "") element.innerHTML = "<p><br></p>";
      element.insertAdjacentHTML("beforeend", editableHtml(html));
      element.focus();
    },
  }));

  return (
    <div>
      <p id={labelId} className="mb-1.5 text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {label}
      </p>
      <div className="rounded-lg border border-zinc-300 shadow-xs focus-within:border-indigo-500 focus-within:ring-3 focus-within:ring-indigo-500/20 dark:border-zinc-700 dark:focus-within:border-indigo-400">
        <div role="group" aria-label="Formatting" className="flex flex-wrap gap-1 border-b border-zinc-200 p-1 dark:border-zinc-700">
          {tools.map((tool) => (
            <button
              key={tool.command}
              type="button"
              title={tool.label}
              // Keeps the selection in the text while the button is pressed.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                run(tool.command);
                onInput();
              }}
              className="flex size-8 items-center justify-center rounded-md text-sm text-zinc-700 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-zinc-300 dark:hover:bg-zinc-800"
            >
              <span aria-hidden="true">{tool.glyph}</span>
              <span className="sr-only">{tool.label}</span>
            </button>
          ))}
        </div>
        <div
          ref={area}
          id={id}
          role="textbox"
          tabIndex={0}
          contentEditable
          suppressContentEditableWarning
          aria-multiline="true"
          aria-labelledby={labelId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onInput={onInput}
          onFocus={() => document.execCommand("defaultParagraphSeparator", false, "p")}
          onPaste={(event) => {
            event.preventDefault();
            document.execCommand("insertText", false, event.clipboardData.getData("text/plain"));
          }}
          onDrop={(event) => event.preventDefault()}
          className="min-h-48 max-h-[50dvh] overflow-y-auto px-3 py-2 text-sm text-zinc-900 focus:outline-none dark:text-zinc-100 [&_blockquote]:border-l-2 [&_blockquote]:border-zinc-300 [&_blockquote]:pl-3 [&_blockquote]:text-zinc-600 dark:[&_blockquote]:border-zinc-600 dark:[&_blockquote]:text-zinc-400 [&_a]:text-indigo-700 [&_a]:underline dark:[&_a]:text-indigo-300 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-1 [&_ul]:list-disc [&_ul]:pl-6"
        />
      </div>
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
