// Line endings on every way out: each line of a message ends with CRLF, and no
// bare CR, bare LF or NUL ever reaches the wire. A receiver that ends lines on
// a bare CR or LF would read what follows as the next SMTP command, so a
// customer's text could smuggle a second message (docs/security.md). The doors
// apply it at acceptance: the sending API refuses NUL and line breaks where a
// field is one line and writes its bodies with CRLF; submission writes every
// line ending as CRLF and refuses NUL.

/** A one-line value (a subject, a header): no CR, LF or NUL. */
export const ONE_LINE = /^[^\r\n\0]*$/;

/** Every CRLF, bare CR and bare LF written as CRLF. */
export const withCrlf = (text: string) => text.replace(/\r\n|\r|\n/g, "\r\n");

const BARE_BREAK_OR_NUL = /\r(?!\n)|(?<!\r)\n|\0/;

/** Whether the bytes hold a bare CR, a bare LF or a NUL. */
export const hasBareLineBreak = (raw: Buffer) => BARE_BREAK_OR_NUL.test(raw.toString("latin1"));
