"use client";
// The compose form: From (the mailbox or one of its aliases), To, Cc, Bcc,
// Subject, the text with its formatting, and files. "Send" hands it to the
// sending pipeline; "Save draft" keeps it in Drafts. Ctrl+Enter (⌘+Enter)
// sends. Loaded by compose-dialog.tsx when the dialog first opens.
import { useEffect, useRef, useState } from "react";
import type { Resolver } from "react-hook-form";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { describedBy, FormField, fieldIds, inputClass } from "@/components/form-field";
import { TextField } from "@/components/text-field";
import { PortalApiError } from "@/features/api/portal-fetch";
import { SavedStatus } from "@/features/forms/form-outcome";
import { useApiForm } from "@/features/forms/use-api-form";
import { AttachmentPicker } from "./attachment-picker";
import { type ComposeFields, draftBody, onComposeFields, sendBody } from "./compose-body";
import type { ComposeDialogProps } from "./compose-dialog";
import type { ComposeAttachment, ComposeStart } from "./compose-prefill";
import { newIdempotencyKey } from "./idempotency-key";
import { QuotedText } from "./quoted-text";
import { type EditorHandle, RichTextEditor } from "./rich-text-editor";
import { useSaveDraft, useSendFromMailbox } from "./use-compose";

const ALREADY_SENT =
  "An earlier version of this message was sent before the connection dropped: it is in Sent. Send again to send this version as well.";

/** The fields, plus the two the API's errors may name that are no text input: the editor and the files. */
type ComposeValues = ComposeFields & { body?: string; attachments?: string };

// The API checks every field; its answer is placed beside them.
const acceptAll: Resolver<ComposeValues> = async (values) => ({ values, errors: {} });
const fields = ["from", "to", "cc", "bcc", "subject", "body", "attachments"] as const;
const ids = { from: fieldIds("compose-from"), body: fieldIds("compose-body") };

type ComposeFormProps = Omit<ComposeDialogProps, "start" | "onClose"> & {
  start: ComposeStart;
  leaving: boolean;
  onStay: () => void;
  onUnsavedChange: (changed: boolean) => void;
  onClose: () => void;
};

export function ComposeForm({
  mailboxId,
  start,
  senders,
  onSent,
  onDraftSaved,
  leaving,
  onStay,
  onUnsavedChange,
  onClose,
}: ComposeFormProps) {
  const send = useSendFromMailbox(mailboxId);
  const saveDraft = useSaveDraft(mailboxId);
  const editor = useRef<EditorHandle>(null);
  const intent = useRef<"send" | "draft">("send");
  const [attachments, setAttachments] = useState<ComposeAttachment[]>(start.attachments);
  const [draftId, setDraftId] = useState(start.draftId);
  const [quote, setQuote] = useState(start.quote);
  // Made at the first send and kept for the dialog's life, so sending twice sends once.
  const sendKey = useRef<string | null>(null);
  const refs = { inReplyTo: start.inReplyTo, forwardOf: start.forwardOf };
  const changed = () => onUnsavedChange(true);

  const { form, errors, isSubmitting, onSubmit, failure, saved } = useApiForm({
    resolver: acceptAll,
    defaultValues: { from: start.from, to: start.to, cc: start.cc, bcc: start.bcc, subject: start.subject },
    fields,
    submit: async (values: ComposeValues) => {
      // What was written, then what it quotes: the two never run into each other.
      const html = `${editor.current?.html() ?? ""}${quote}`;
      try {
        if (intent.current === "draft")
          return { draft: await saveDraft.mutateAsync({ draftId, body: draftBody(values, html, attachments, refs) }) };
        sendKey.current ??= newIdempotencyKey();
        const body = sendBody(values, html, attachments, refs, draftId);
        return { sent: await send.mutateAsync({ body, idempotencyKey: sendKey.current }) };
      } catch (error) {
        if (error instanceof PortalApiError && error.code === "idempotency_conflict") {
          // A send whose answer never came went out, and the message was changed since: the next send is a new one.
          sendKey.current = null;
          throw new PortalApiError(error.status, error.code, ALREADY_SENT);
        }
        throw onComposeFields(error);
      }
    },
    onSuccess: (result, current) => {
      if (result.sent) {
        onUnsavedChange(false);
        onSent(result.sent, draftId);
        return undefined;
      }
      if (result.draft) {
        onDraftSaved(draftId, result.draft.id);
        setDraftId(result.draft.id);
      }
      current.reset(current.getValues());
      onUnsavedChange(false);
      return `Draft saved at ${new Date().toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}.`;
    },
  });

  const submitAs = (which: "send" | "draft") => {
    intent.current = which;
  };
  const field = (name: keyof ComposeFields) => form.register(name, { onChange: changed });

  // After the dialog opened (which focuses its first control): where writing starts.
  const startsInText = start.kind === "reply" || start.kind === "replyAll" || (start.kind === "draft" && start.to !== "");
  useEffect(() => {
    const timer = setTimeout(() => (startsInText ? editor.current?.focus() : form.setFocus("to")), 0);
    return () => clearTimeout(timer);
  }, [startsInText, form]);

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Compose"
      className="space-y-3"
      onKeyDown={(event) => {
        if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
          event.preventDefault();
          submitAs("send");
          event.currentTarget.requestSubmit();
        }
      }}
    >
      {failure ? <Alert>{failure}</Alert> : null}
      {leaving ? (
        <Alert tone="warning" title="This message has changes that are not saved">
          <p>Save it as a draft to finish it later, or discard the changes.</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={onStay}>
              Keep writing
            </Button>
            <Button variant="danger" size="sm" onClick={onClose}>
              Discard changes
            </Button>
          </div>
        </Alert>
      ) : null}
      <FormField ids={ids.from} label="From" error={errors.from?.message}>
        <select {...field("from")} {...describedBy(ids.from, { error: errors.from?.message })} className={inputClass}>
          {senders.map((address) => (
            <option key={address} value={address}>
              {address}
            </option>
          ))}
        </select>
      </FormField>
      <TextField
        label="To"
        type="text"
        inputMode="email"
        autoComplete="off"
        hint="Separate addresses with commas."
        error={errors.to?.message}
        {...field("to")}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Cc" optional type="text" inputMode="email" autoComplete="off" error={errors.cc?.message} {...field("cc")} />
        <TextField label="Bcc" optional type="text" inputMode="email" autoComplete="off" error={errors.bcc?.message} {...field("bcc")} />
      </div>
      <TextField label="Subject" type="text" autoComplete="off" error={errors.subject?.message} {...field("subject")} />
      <RichTextEditor
        ref={editor}
        id={ids.body.control}
        label="Message"
        initialHtml={start.html}
        error={errors.body?.message}
        errorId={ids.body.error}
        onInput={changed}
      />
      {quote ? (
        <QuotedText
          html={quote}
          onEdit={() => {
            editor.current?.append(quote);
            setQuote("");
            changed();
          }}
          onRemove={() => {
            setQuote("");
            changed();
          }}
        />
      ) : null}
      <AttachmentPicker
        attachments={attachments}
        forwarded={start.forwardedAttachments}
        error={errors.attachments?.message}
        onChange={(next) => {
          setAttachments(next);
          changed();
        }}
      />
      {/* Kept at the dialog's bottom edge while the form scrolls: Send stays in view on a phone. */}
      <div className="sticky bottom-0 -mx-6 flex flex-col-reverse gap-2 border-t border-zinc-200 bg-white px-6 py-3 sm:flex-row sm:items-center sm:justify-between dark:border-zinc-800 dark:bg-zinc-900">
        <SavedStatus message={saved} />
        <div className="flex flex-row-reverse flex-wrap justify-start gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onClose} disabled={isSubmitting}>
            Close
          </Button>
          <Button
            type="submit"
            variant="secondary"
            pending={isSubmitting && intent.current === "draft"}
            disabled={isSubmitting}
            onClick={() => submitAs("draft")}
          >
            Save draft
          </Button>
          <Button
            type="submit"
            pending={isSubmitting && intent.current === "send"}
            disabled={isSubmitting}
            onClick={() => submitAs("send")}
          >
            Send
          </Button>
        </div>
      </div>
    </form>
  );
}
