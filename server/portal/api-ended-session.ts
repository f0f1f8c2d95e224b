// Which API answers mean the portal session is over. A 401 `unauthorized` is
// the API saying the token no longer works (revoked, idle, signed out
// elsewhere). Other 401 codes answer the request itself: a wrong current
// password (`invalid_credentials`) or two-factor code must reach the form
// that asked, with the session left alone.

const SESSION_ENDING_CODES = new Set(["unauthorized", "refresh_token_reused"]);

export function apiEndedSession(status: number, body: string): boolean {
  if (status !== 401) return false;
  try {
    const code = (JSON.parse(body) as { data?: { code?: unknown } } | null)?.data?.code;
    return typeof code !== "string" || SESSION_ENDING_CODES.has(code);
  } catch {
    return true; // not our envelope: nothing to pass back, so treat it as signed out
  }
}
