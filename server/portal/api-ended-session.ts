import { isEndedSession } from "@/shared/api/ended-session";

/** isEndedSession for a raw answer body (the BFF sees bytes, not parsed JSON). */
export function apiEndedSession(status: number, body: string): boolean {
  if (status !== 401) return false;
  try {
    const code = (JSON.parse(body) as { data?: { code?: unknown } } | null)?.data?.code;
    return isEndedSession(status, typeof code === "string" ? code : undefined);
  } catch {
    return true; // not our envelope: nothing to pass back, so treat it as signed out
  }
}
