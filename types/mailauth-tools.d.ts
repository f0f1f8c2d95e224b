// mailauth's header splitter (its package ships no types for lib/tools): the
// fields exactly as its DKIM and DMARC checks see them.
declare module "mailauth/lib/tools" {
  export function parseHeaders(header: Buffer): { parsed: { key: string | null; casedKey?: string; line: Buffer }[]; original: Buffer };
}
