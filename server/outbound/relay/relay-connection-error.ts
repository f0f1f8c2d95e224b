// A relay connection that did not get through, with its documented reason (docs/relays.md)
// code (docs/relays.md) and a sentence for people. Messages never carry credentials.
import type { RelayTestError } from "@/shared/schemas/smtp-relay";

export class RelayConnectionError extends Error {
  override name = "RelayConnectionError";

  constructor(
    readonly reason: RelayTestError,
    message: string,
  ) {
    super(message);
  }
}
