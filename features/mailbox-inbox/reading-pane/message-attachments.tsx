// A received message's attachments, each a download of its own bytes (the
// message carries them; nothing is fetched from anywhere else).
import type { MailboxMessageDetail } from "@/shared/schemas/mailbox-messages";
import { formatBytes } from "@/components/format-bytes";

type Attachment = MailboxMessageDetail["attachments"][number];

const downloadHref = (attachment: Attachment) => `data:${attachment.contentType};base64,${attachment.content}`;

export function MessageAttachments({ attachments }: { attachments: Attachment[] }) {
  if (attachments.length === 0) return null;
  return (
    <section aria-labelledby="message-attachments">
      <h3 id="message-attachments" className="text-sm font-semibold text-zinc-900 dark:text-white">
        Attachments
      </h3>
      <ul aria-label="Attachments" className="mt-2 space-y-1 text-sm">
        {attachments.map((attachment, index) => {
          const name = attachment.filename ?? `attachment-${index + 1}`;
          return (
            <li key={`${name}-${index}`} className="break-all">
              <a className="font-medium text-indigo-600 underline dark:text-indigo-400" href={downloadHref(attachment)} download={name}>
                {name}
              </a>{" "}
              <span className="text-zinc-500 dark:text-zinc-400">
                {attachment.contentType}, {formatBytes(attachment.size)}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
