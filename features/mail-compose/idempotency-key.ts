// One Idempotency-Key per message being written (docs/webmail.md, "Compose"):
// a second click or a retry after the connection dropped repeats the same
// send, which the API answers with the first message instead of sending again.
// getRandomValues works on plain http too, where crypto.randomUUID does not.
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `compose-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}
