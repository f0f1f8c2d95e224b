// The spam filter's allow and block lists as the portal's text areas hold
// them (docs/spam-and-rules.md); without zod, so a form can split them
// without loading the schemas.

/** One entry per line (blank lines ignored). */
export const senderLines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
