/** The keyword Dovecot sets on a message with attachments as it stores it (mail_attachment_detection_options, docs/webmail.md). */
export const HAS_ATTACHMENT = "$HasAttachment";
