/** Who is calling, as a session and the activity log record it. */
export type ClientInfo = { ip: string; userAgent: string | null };
