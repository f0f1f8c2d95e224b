// POST /sending/messages/batch: up to 100 messages in one request, validated
// all or nothing (an error in the fourth message has the path messages.3.…).
import { z } from "zod";
import { messageDetailSchema, sendMessageBody } from "./messages";

export const MAX_BATCH_MESSAGES = 100;

export const sendMessageBatchBody = z
  .strictObject({
    messages: z
      .array(sendMessageBody)
      .min(1, "At least one message")
      .max(MAX_BATCH_MESSAGES, `At most ${MAX_BATCH_MESSAGES} messages in a batch`),
  })
  .meta({ id: "SendMessageBatchRequest" });

export type SendMessageBatchInput = z.output<typeof sendMessageBatchBody>;

export const messageBatchSchema = z.object({ items: z.array(messageDetailSchema) }).meta({ id: "MessageBatch" });
