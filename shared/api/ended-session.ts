// Which 401 answers mean the portal session is over. Only the API's
// `unauthorized` (token revoked, idle, signed out elsewhere; or no usable
// code at all) and `refresh_token_reused` end it. Every other 401 code is about
// the proof the caller just typed (a wrong current password, a wrong
// two-factor code): the session is fine and the form that asked shows it.
// The BFF (which clears the cookie) and the browser (which goes to /sign-in)
// decide with this one rule.

const SESSION_ENDING_CODES: ReadonlySet<string> = new Set(["unauthorized", "refresh_token_reused"]);

export function isEndedSession(status: number, code: string | undefined): boolean {
  return status === 401 && (code === undefined || SESSION_ENDING_CODES.has(code));
}
