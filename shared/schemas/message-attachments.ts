// Attachments of the sending API: base64 content, an optional content type
// (guessed from the file name otherwise) and an optional contentId, which
// makes the file inline (referenced from the HTML as cid:<contentId>).
import { z } from "zod";

export { MAX_MESSAGE_BYTES } from "./message-size";
/** The send endpoints accept request bodies up to this size (the rest of the API keeps 64 KiB). */
export const SEND_BODY_LIMIT_BYTES = 36 * 1024 * 1024;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export const attachmentInput = z
  .strictObject({
    filename: z
      .string()
      .trim()
      .min(1, "filename is required")
      .max(255, "filename is at most 255 characters")
      .regex(/^[^\r\n\\/\0]*$/, "filename cannot contain line breaks or slashes"),
    content: z
      .string()
      .min(1, "content is required (base64)")
      .refine((value) => value.length % 4 === 0 && BASE64.test(value), "content must be base64"),
    contentType: z
      .string()
      .regex(/^[A-Za-z0-9!#$&^_.+-]{1,64}\/[A-Za-z0-9!#$&^_.+-]{1,64}$/, "contentType is like application/pdf")
      .optional(),
    contentId: z
      .string()
      .regex(/^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~.@]{1,128}$/, "contentId is 1-128 visible characters without <>")
      .optional()
      .meta({ description: "Makes the attachment inline: reference it from the HTML as `cid:<contentId>`." }),
  })
  .meta({ id: "AttachmentInput" });

export const attachmentSchema = z
  .object({
    filename: z.string(),
    contentType: z.string(),
    size: z.number().int().meta({ description: "Decoded size in bytes." }),
    contentId: z.string().nullable(),
    sha256: z.string().meta({ description: "Hex SHA-256 of the decoded content." }),
  })
  .meta({ id: "Attachment" });
