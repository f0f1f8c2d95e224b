// The plain-text part of a message written only in HTML: the webmail's
// (docs/webmail.md, "Sending") and a stored template's without text
// (docs/templates.md). html-to-text, the converter mailparser uses, with the
// nesting limit mailparser sets (deeper elements are left out rather than overflow
// the converter's recursion), links written once when their text is the URL,
// and images left out (a `cid:` or remote source means nothing in text).
import { compile } from "html-to-text";

const MAX_NESTING = 1000;

const convert = compile({
  wordwrap: 76,
  limits: { maxDepth: MAX_NESTING, maxInputLength: Number.POSITIVE_INFINITY },
  selectors: [
    { selector: "a", options: { hideLinkHrefIfSameAsText: true } },
    { selector: "img", format: "skip" },
  ],
});

export function plainTextAlternative(html: string): string {
  return convert(html).trim();
}
