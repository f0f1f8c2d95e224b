// A 401 from the API usually means the session is over (revoked, idle, or no
// token at all). But a few operations answer 401 about the proof the caller
// just typed (a wrong password when re-authenticating, a wrong two-factor code
// when confirming setup or turning it off): the session is fine, and ending it
// would throw the person out mid-form. Both the BFF (which clears the cookie)
// and the browser (which goes to /sign-in) decide with this one rule.

/** 401 codes about what was typed, not about the session. */
const WRONG_PROOF_CODES: ReadonlySet<string> = new Set(["invalid_credentials", "invalid_two_factor_code"]);

export function isEndedSession(status: number, code: string | undefined): boolean {
  return status === 401 && !(code !== undefined && WRONG_PROOF_CODES.has(code));
}
