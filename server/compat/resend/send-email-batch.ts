// POST /emails/batch as Resend has it: a bare array of emails. `strict` (the
// default) sends all or none; `permissive` sends the valid ones and reports the
// others by index. Whatever the mode, every email is held to the API's own send
// rules and the batch is stored by the API's own batch service.
import type { z } from "zod";
import { AppError } from "@/server/errors";
import type { SendingPrincipal } from "@/server/services/auth/sending-principal";
import { sendMessageBatch } from "@/server/services/messages/send-message";
import type { FieldError } from "@/shared/api/errors";
import { type batchValidationHeader, resendEmailBody, resendPath } from "@/shared/schemas/resend-compat";
import type { SendMessageRequest } from "@/shared/schemas/messages";

type Mode = z.output<typeof batchValidationHeader>;
type Refused = { index: number; message: string };

const messageOf = (errors: FieldError[]) => errors.map((entry) => `\`${resendPath(entry.path)}\`: ${entry.message}`).join("; ");

function parseEach(emails: unknown[]) {
  const valid: { index: number; input: SendMessageRequest }[] = [];
  const invalid = new Map<number, FieldError[]>();
  for (const [index, email] of emails.entries()) {
    const parsed = resendEmailBody.safeParse(email);
    if (parsed.success) valid.push({ index, input: parsed.data });
    else
      invalid.set(
        index,
        parsed.error.issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message })),
      );
  }
  return { valid, invalid };
}

/** The emails (by their index in the request) a refused batch names in its errors' paths (`messages.3.from`). */
function refusedIndexes(error: unknown, sent: { index: number }[]): Map<number, FieldError[]> | null {
  if (!(error instanceof AppError) || error.code !== "validation_error") return null;
  const found = new Map<number, FieldError[]>();
  for (const entry of error.details.errors ?? []) {
    const match = /^messages\.(\d+)\.(.*)$/.exec(entry.path);
    const original = match ? sent[Number(match[1])]?.index : undefined;
    if (original === undefined) return null;
    found.set(original, [...(found.get(original) ?? []), { path: match![2]!, message: entry.message }]);
  }
  return found.size > 0 ? found : null;
}

export async function sendEmailBatch(principal: SendingPrincipal, emails: unknown[], mode: Mode, idempotencyKey: string | null) {
  const { valid, invalid } = parseEach(emails);
  if (mode === "strict" && invalid.size > 0) {
    const errors = [...invalid].flatMap(([index, list]) => list.map((entry) => ({ ...entry, path: `${index}.${entry.path}` })));
    throw new AppError("validation_error", messageOf(errors), { errors });
  }
  let sending = valid;
  for (;;) {
    const refused: Refused[] = [...invalid].map(([index, list]) => ({ index, message: messageOf(list) }));
    if (sending.length === 0) return { replayed: false, data: [], errors: refused.sort((a, b) => a.index - b.index) };
    try {
      const { items, replayed } = await sendMessageBatch(principal, {
        input: { messages: sending.map((one) => one.input) },
        idempotencyKey,
      });
      const data = items.map((item) => ({ id: item.id }));
      return { replayed, data, ...(mode === "permissive" ? { errors: refused.sort((a, b) => a.index - b.index) } : {}) };
    } catch (error) {
      // A `from` or a template the service refuses: in strict mode the batch fails (paths as this surface names them); otherwise those leave it.
      const named = refusedIndexes(error, sending);
      if (!named) throw error;
      if (mode === "strict") {
        const errors = [...named].flatMap(([index, list]) => list.map((entry) => ({ ...entry, path: `${index}.${entry.path}` })));
        throw new AppError("validation_error", messageOf(errors), { errors });
      }
      for (const [index, list] of named) invalid.set(index, list);
      sending = sending.filter((one) => !named.has(one.index));
    }
  }
}
