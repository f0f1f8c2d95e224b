// The event feed's cursors (shared/schemas/events.ts): opaque to clients, the
// same whether written from a position or from the text the feed's query
// returns for it (docs/events.md, "Order and cursors").
import { describe, expect, it } from "vitest";
import { cursorOfPosition, decodeCursor, encodeCursor } from "@/shared/schemas/events";

describe("event cursors", () => {
  it("are the same from a position and from its text, and decode back to it", () => {
    const positions = [
      { xact: 0n, seq: 0n },
      { xact: 741n, seq: 2001n },
      { xact: 18446744073709551615n, seq: 9223372036854775807n },
    ];
    for (const position of positions) {
      const cursor = cursorOfPosition(`${position.xact}.${position.seq}`);
      expect(cursor).toBe(encodeCursor(position));
      expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(decodeCursor(cursor)).toEqual(position);
    }
  });

  it("refuse what the feed did not issue", () => {
    for (const cursor of ["", "garbage!", cursorOfPosition("1.2.3"), cursorOfPosition("-1.5"), cursorOfPosition("1.9223372036854775808")])
      expect(decodeCursor(cursor)).toBeNull();
  });
});
