// Asks rspamd's normal worker about one message (POST /checkv2) with what the
// MX knows of it: the envelope, the client's address and HELO, the account
// whose Bayes statistics score it (statistics-user.ts), and the MX's own
// SPF, DKIM and DMARC results (docs/spam-and-rules.md, "What rspamd is told"),
// which an rspamd with its http_headers module on (the child's) scores instead
// of looking them up again. Any failure to get an answer (down, loading,
// timeout, a reply that is not a verdict) is null: the caller decides what an
// unchecked message means.
import { z } from "zod";
import { STATISTICS_USER_HEADER, statisticsUser } from "./statistics-user";

export type RspamdAction = "reject" | "soft reject" | "greylist" | "add header" | "rewrite subject" | "no action";

export type SpamVerdict = {
  action: RspamdAction;
  score: number;
  requiredScore: number;
  /** The symbols with a non-zero score, highest first. */
  symbols: { name: string; score: number }[];
  /** rspamd's text for the sender (smtp_message), when it gives one. */
  message: string | null;
};

/** The MX's sender authentication, in RFC 8601 words (pass, fail, softfail, neutral, none, temperror, permerror). */
export type SenderAuthentication = {
  spf: string;
  dkim: { domain: string; result: string }[];
  dmarc: string;
  /** The From domain's policy when DMARC was evaluated (none, quarantine, reject). */
  dmarcPolicy: string | null;
};

export type CheckRequest = {
  raw: Buffer;
  mailFrom: string;
  recipients: string[];
  remoteAddress: string;
  helo: string;
  queueId: string;
  authentication: SenderAuthentication;
  /** The account the recipients belong to (one per request), or null when none is known. */
  accountId: string | null;
};

const answerSchema = z.object({
  action: z.enum(["reject", "soft reject", "greylist", "add header", "rewrite subject", "no action"]),
  score: z.number(),
  required_score: z.number().optional(),
  symbols: z.record(z.string(), z.object({ score: z.number().optional() })).optional(),
  messages: z.object({ smtp_message: z.string().optional() }).partial().optional(),
});

/** Header values reach rspamd raw: no line breaks, no control characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this removes
const headerValue = (value: string) => value.replace(/[\x00-\x1f\x7f]/g, "").slice(0, 500);

// rspamd's http_headers module reads the SPF, DKIM and DMARC request headers in its own words.
const SPF_WORDS: Record<string, string> = {
  pass: "pass",
  fail: "fail",
  softfail: "softfail",
  neutral: "neutral",
  none: "na",
  permerror: "permfail",
};
const DKIM_WORDS: Record<string, string> = { pass: "pass", fail: "fail", temperror: "tempfail", permerror: "permfail" };

function dmarcWord(result: string, policy: string | null): string | undefined {
  if (result === "fail") return policy === "reject" ? "reject" : policy === "quarantine" ? "quarantine" : "softfail";
  return { pass: "pass", none: "na", temperror: "tempfail", permerror: "permfail" }[result];
}

/** A signing domain as a header value can carry it: printable ASCII only (a d= tag is the sender's to write). */
const asciiDomain = (domain: string) => domain.replace(/[^\x21-\x7e]/g, "").slice(0, 255) || "unknown";

/** The request headers that carry the MX's results; a result rspamd has no word for (SPF temperror) adds no symbol. */
export function authenticationHeaders(authentication: SenderAuthentication): Record<string, string> {
  const headers: Record<string, string> = {};
  const spf = SPF_WORDS[authentication.spf];
  if (spf) headers.SPF = JSON.stringify({ result: spf });
  const signatures = authentication.dkim.flatMap(({ domain, result }) =>
    DKIM_WORDS[result] ? [{ result: DKIM_WORDS[result], domain: asciiDomain(domain) }] : [],
  );
  if (signatures.length > 0) headers.DKIM = JSON.stringify({ results: signatures });
  else if (authentication.dkim.length === 0) headers.DKIM = JSON.stringify({ result: "na" });
  const dmarc = dmarcWord(authentication.dmarc, authentication.dmarcPolicy);
  if (dmarc) headers.DMARC = JSON.stringify({ result: dmarc });
  return headers;
}

export async function checkMessage(url: string, request: CheckRequest, timeoutMs: number): Promise<SpamVerdict | null> {
  const headers = new Headers({
    "Content-Type": "message/rfc822",
    IP: headerValue(request.remoteAddress),
    Helo: headerValue(request.helo),
    "Queue-Id": headerValue(request.queueId),
    ...authenticationHeaders(request.authentication),
  });
  if (request.mailFrom) headers.set("From", headerValue(request.mailFrom));
  if (request.accountId) headers.set(STATISTICS_USER_HEADER, statisticsUser(request.accountId));
  for (const recipient of request.recipients) headers.append("Rcpt", headerValue(recipient));
  try {
    const response = await fetch(new URL("/checkv2", url), {
      method: "POST",
      headers,
      body: new Uint8Array(request.raw),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) return null;
    const parsed = answerSchema.safeParse(await response.json());
    if (!parsed.success) return null;
    const answer = parsed.data;
    const symbols = Object.entries(answer.symbols ?? {})
      .map(([name, symbol]) => ({ name, score: symbol.score ?? 0 }))
      .filter((symbol) => symbol.score !== 0)
      .sort((a, b) => b.score - a.score);
    return {
      action: answer.action,
      score: answer.score,
      requiredScore: answer.required_score ?? 0,
      symbols,
      message: answer.messages?.smtp_message ? headerValue(answer.messages.smtp_message).slice(0, 200) : null,
    };
  } catch {
    return null;
  }
}
