// The part of html-to-text (which ships without type declarations) that
// plain-text-alternative.ts uses.
declare module "html-to-text" {
  type Selector = { selector: string; format?: string; options?: Record<string, unknown> };
  export type HtmlToTextOptions = {
    wordwrap?: number | false | null;
    limits?: { maxDepth?: number; maxInputLength?: number };
    selectors?: Selector[];
  };
  export function compile(options?: HtmlToTextOptions): (html: string) => string;
}
