// The parts of mailauth used below its public API, which ship without type
// declarations; server/mailauth/mailauth.ts is the one module that imports them.
declare module "mailauth/lib/dkim/dkim-verifier" {
  import type { Writable } from "node:stream";
  import type { DKIMVerifyOptions } from "mailauth";

  export type SignatureHeader = { type: string; signingDomain?: string; selector?: string; invalid?: unknown; skip?: unknown };

  export class DkimVerifier extends Writable {
    constructor(options?: DKIMVerifyOptions);
    signatureHeaders: SignatureHeader[];
    headerFrom: string[];
    fromFields: number;
    envelopeFrom: string | false;
    results: unknown[];
    headers?: unknown;
    arc?: unknown;
    messageHeaders(headers: unknown): Promise<void>;
  }
}

declare module "mailauth/lib/tools" {
  /** The header fields exactly as mailauth's DKIM and DMARC checks see them. */
  export function parseHeaders(header: Buffer): { parsed: { key: string | null; casedKey?: string; line: Buffer }[]; original: Buffer };
  export function writeToStream(stream: NodeJS.WritableStream, input: Buffer | string): Promise<void>;
}

declare module "mailauth/lib/dmarc/get-dmarc-record" {
  type Resolver = (name: string, type: string) => Promise<unknown>;
  type DmarcRecord = { p?: string; sp?: string; np?: string; isOrgRecord?: boolean };
  export default function getDmarcRecord(domain: string, resolver: Resolver): Promise<DmarcRecord | false>;
}
