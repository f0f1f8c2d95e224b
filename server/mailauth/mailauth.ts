// Every use of mailauth goes through this module (docs/architecture.md,
// "Mail plane"). Some of what we use lies below its public API (deep imports
// typed in mailauth-internals.d.ts: the DKIM verifier, the DMARC record
// lookup, the header splitter), which a new release may move or change
// without notice; so the installed version is checked when this module loads
// and anything else stops the process with a clear error, until the deep
// imports are read again against the new release and the pin below moved.
import mailauthPackage from "mailauth/package.json" with { type: "json" };

/** The mailauth release the imports below were written for (package.json pins the same). */
export const MAILAUTH_VERSION = "7.1.0";

export function assertMailauthVersion(installed: string): void {
  if (installed !== MAILAUTH_VERSION)
    throw new Error(
      `mailauth ${installed} is installed; this code reads mailauth ${MAILAUTH_VERSION} below its public API (server/mailauth/mailauth.ts). Install ${MAILAUTH_VERSION}, or check the deep imports against ${installed} and move MAILAUTH_VERSION.`,
    );
}

assertMailauthVersion(mailauthPackage.version);

export type { DKIMVerifyOptions, DKIMVerifyResult } from "mailauth";
export { arc } from "mailauth/lib/arc";
export { DkimVerifier, type SignatureHeader } from "mailauth/lib/dkim/dkim-verifier";
export { evaluateDmarc } from "mailauth/lib/dmarc";
export { default as getDmarcRecord } from "mailauth/lib/dmarc/get-dmarc-record";
export { spf } from "mailauth/lib/spf";
export { parseHeaders, writeToStream } from "mailauth/lib/tools";
