// POST /sending/messages and /sending/messages/batch: check each sender's
// domain, build a message with attachments into its wire form now (any other
// is built where it is delivered: wire-form.ts), then store, queue and charge
// them in one statement or one transaction (store-messages*.ts).
// A reused Idempotency-Key replays the first answer or is refused. Delivery
// happens in the job queue (server/services/delivery/), never in the request.
import { and, eq, gt } from "drizzle-orm";
import { now } from "@/server/clock";
import { db } from "@/server/db/client";
import { idempotencyKeys } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import type { FieldError } from "@/shared/api/errors";
import { newId } from "@/server/ids";
import { newMessageIdHeader } from "@/server/message-format/message-id";
import { sha256Hex } from "@/server/security/crypto";
import type { SendingPrincipal } from "@/server/services/auth/sending-principal";
import type { SendMessageBatchInput } from "@/shared/schemas/message-batch";
import type { SendMessageInput, SendMessageRequest } from "@/shared/schemas/messages";
import { assertLiveTopics } from "@/server/services/topics/assert-live-topics";
import { withBuildBudget } from "./build-budget";
import { withTemplatesRendered } from "./with-templates-rendered";
import { buildMessage, buildsAtDelivery, envelopeOf } from "./build-message";
import { messageDetailView } from "./message-view";
import { loadMessageDetails } from "./read-messages";
import { type CheckedDomain, sendingDomainOf } from "./sending-domain-of";
import type { MessageSource } from "@/server/db/schema";
import { IDEMPOTENCY_WINDOW_MS, type IdempotencyClaim, type PreparedMessage, storeMessages } from "./store-messages";

export { IDEMPOTENCY_WINDOW_MS };

type Kind = IdempotencyClaim["kind"];

/** The messages a live key created, or null; a key used with another body (or the other endpoint) is a conflict. */
async function replayOf(accountId: string, key: string, requestHash: string, kind: Kind, existing?: typeof idempotencyKeys.$inferSelect) {
  const found =
    existing ??
    (
      await db()
        .select()
        .from(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.accountId, accountId),
            eq(idempotencyKeys.key, key),
            gt(idempotencyKeys.createdAt, new Date(now().getTime() - IDEMPOTENCY_WINDOW_MS)),
          ),
        )
        .limit(1)
    )[0];
  if (!found) return null;
  if (found.requestHash !== requestHash || found.kind !== kind) {
    throw new AppError("idempotency_conflict", "This Idempotency-Key was used with a different request in the last 24 hours.");
  }
  return loadMessageDetails(found.messageIds);
}

/** The sending domain of each message; every refused `from` is reported at once (paths under `prefix`). */
async function domainsOf(principal: SendingPrincipal, inputs: SendMessageRequest[], prefix: (index: number) => string) {
  const errors: FieldError[] = [];
  const domains = await Promise.all(
    inputs.map((input, index) =>
      sendingDomainOf(principal.accountId, input.from, principal.apiKey, [...input.to, ...(input.cc ?? []), ...(input.bcc ?? [])]).catch(
        (error: unknown) => {
          if (!(error instanceof AppError) || error.code !== "validation_error") throw error;
          errors.push(...(error.details.errors ?? []).map((entry) => ({ ...entry, path: `${prefix(index)}${entry.path}` })));
          return null;
        },
      ),
    ),
  );
  if (errors.length > 0) {
    throw new AppError(
      "validation_error",
      inputs.length > 1 ? "Some messages cannot be sent from their domain; none was sent." : errors[0]!.message,
      { errors },
    );
  }
  return domains as CheckedDomain[];
}

async function prepare(
  input: SendMessageInput,
  domain: PreparedMessage["domain"],
  source: MessageSource,
  template: PreparedMessage["template"],
): Promise<PreparedMessage> {
  const id = newId("msg");
  const messageIdHeader = newMessageIdHeader(domain.name);
  const createdAt = now();
  const built = buildsAtDelivery(input)
    ? { raw: null, envelope: envelopeOf(input), attachments: [] }
    : await buildMessage(input, { id, messageIdHeader, date: createdAt });
  const scheduledAt = input.scheduledAt ? new Date(input.scheduledAt) : null;
  return {
    id,
    messageIdHeader,
    createdAt,
    domain,
    source,
    from: input.from,
    to: input.to,
    cc: input.cc ?? [],
    bcc: input.bcc ?? [],
    replyTo: input.replyTo ?? [],
    subject: input.subject,
    headers: input.headers ?? {},
    tags: input.tags ?? [],
    trackOpens: input.trackOpens,
    trackClicks: input.trackClicks,
    // A time already past sends now.
    scheduledAt: scheduledAt && scheduledAt > createdAt ? scheduledAt : null,
    topicId: input.topicId ?? null,
    template,
    html: input.html ?? null,
    text: input.text ?? null,
    attachments: built.attachments,
    raw: built.raw,
    envelope: built.envelope,
  };
}

const contentBytes = (inputs: SendMessageInput[]) =>
  inputs.reduce(
    (sum, input) =>
      sum +
      (input.html?.length ?? 0) +
      (input.text?.length ?? 0) +
      (input.attachments ?? []).reduce((files, file) => files + file.content.length, 0),
    0,
  );

async function send(
  principal: SendingPrincipal,
  requests: SendMessageRequest[],
  kind: Kind,
  idempotencyKey: string | null,
  requestHash: string,
  source: MessageSource = "api",
) {
  if (idempotencyKey) {
    const replay = await replayOf(principal.accountId, idempotencyKey, requestHash, kind);
    if (replay) return { items: replay, replayed: true };
  }
  const prefix = (index: number) => (kind === "batch" ? `messages.${index}.` : "");
  const [domains, rendered] = await Promise.all([
    domainsOf(principal, requests, prefix),
    withTemplatesRendered(principal.accountId, requests, prefix),
    assertLiveTopics(
      principal.accountId,
      requests.map((input) => input.topicId),
    ),
  ]);
  const inputs = rendered.map((one) => one.input);
  return withBuildBudget(contentBytes(inputs), async () => {
    const prepared: PreparedMessage[] = [];
    for (const [index, input] of inputs.entries()) {
      const { id, name } = domains[index]!;
      prepared.push(await prepare(input, { id, name }, source, rendered[index]!.template));
    }
    const claim = idempotencyKey ? { key: idempotencyKey, requestHash, kind } : null;
    // The plan came with the domains, in the same statement.
    const result = await storeMessages(principal, prepared, claim, domains.find((domain) => domain.plan)?.plan ?? null);
    if (!result.stored)
      return { items: (await replayOf(principal.accountId, idempotencyKey!, requestHash, kind, result.existing))!, replayed: true };
    // Answered from what was just stored, without reading it back.
    const rowsById = new Map(result.rows.map((row) => [row.id, row]));
    const items = prepared.map((message) => messageDetailView(rowsById.get(message.id)!, message, result.events.get(message.id)!));
    return { items, replayed: false };
  });
}

/**
 * `requestHash`: what a retry with the same key must match (default: the SHA-256 of the input);
 * `source`: the door it came through, shown with the message (default: the API).
 */
type SendRequest = { input: SendMessageRequest; idempotencyKey: string | null; requestHash?: string; source?: MessageSource };

export async function sendMessage(principal: SendingPrincipal, { input, idempotencyKey, requestHash, source }: SendRequest) {
  // Only a key is matched against the request: a send without one skips hashing its body.
  const hash = idempotencyKey ? (requestHash ?? sha256Hex(JSON.stringify(input))) : "";
  const { items, replayed } = await send(principal, [input], "single", idempotencyKey, hash, source);
  return { message: items[0]!, replayed };
}

/** The message a live Idempotency-Key of a single send created, or null; 409 when the key was used for another request. */
export async function replayedMessage(accountId: string, idempotencyKey: string, requestHash: string) {
  return (await replayOf(accountId, idempotencyKey, requestHash, "single"))?.[0] ?? null;
}

export async function sendMessageBatch(
  principal: SendingPrincipal,
  { input, idempotencyKey }: { input: SendMessageBatchInput; idempotencyKey: string | null },
) {
  return send(principal, input.messages, "batch", idempotencyKey, idempotencyKey ? sha256Hex(JSON.stringify(input)) : "");
}
