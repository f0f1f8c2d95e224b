import { randomInt } from "node:crypto";

// No 0/O, 1/I/L: references are read out loud and typed from emails.
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** `SUP-` and six characters: 31⁶ ≈ 887 million, so a clash is rare and simply retried. */
export function newTicketReference(): string {
  let suffix = "";
  for (let i = 0; i < 6; i++) suffix += ALPHABET[randomInt(ALPHABET.length)];
  return `SUP-${suffix}`;
}
