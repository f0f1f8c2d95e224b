// One DMARC aggregate report (RFC 7489 appendix C) from its XML, read by
// fast-xml-parser with entities left unexpanded; a document that declares a
// DOCTYPE or entities is refused before parsing (no report needs them, and
// that is where XML bombs live). The shape is then checked with zod, so what
// is stored is typed and bounded.
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { isIP } from "node:net";
import { z } from "zod";
import type { DmarcAuthResult, DmarcDisposition, PublishedPolicy } from "@/server/db/schema";
import { DmarcReportError } from "./dmarc-report-error";

/** Rows per report, at most (a big receiver's daily report for a busy domain has a few thousand). */
export const MAX_REPORT_ROWS = 50_000;

export type AggregateReport = {
  reporter: string;
  reporterEmail: string | null;
  reportId: string;
  begin: Date;
  end: Date;
  policy: PublishedPolicy;
  rows: {
    sourceIp: string;
    count: number;
    disposition: DmarcDisposition;
    dkimAligned: boolean;
    spfAligned: boolean;
    headerFrom: string | null;
    dkimResults: DmarcAuthResult[];
    spfResults: DmarcAuthResult[];
  }[];
};

const parser = new XMLParser({
  ignoreAttributes: true,
  processEntities: false,
  parseTagValue: false,
  trimValues: true,
  // Lists even when a report has one: its records, and each record's DKIM and SPF results (not the verdicts).
  isArray: (_name, jpath) =>
    ["feedback.record", "feedback.record.auth_results.dkim", "feedback.record.auth_results.spf"].includes(String(jpath)),
});

const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => value || null);
const epochSeconds = z
  .string()
  .regex(/^\d{1,12}$/)
  .transform((value) => new Date(Number(value) * 1000));
const verdict = z
  .string()
  .transform((value) => value.trim().toLowerCase())
  .optional();
const authResult = z.object({ domain: optionalText(255), result: optionalText(32), selector: optionalText(255), scope: optionalText(32) });

const reportSchema = z.object({
  feedback: z.object({
    report_metadata: z.object({
      org_name: text(255),
      email: optionalText(320),
      report_id: text(255),
      date_range: z.object({ begin: epochSeconds, end: epochSeconds }),
    }),
    policy_published: z.object({
      domain: text(255),
      p: optionalText(16),
      sp: optionalText(16),
      pct: optionalText(3),
      adkim: optionalText(1),
      aspf: optionalText(1),
    }),
    record: z
      .array(
        z.object({
          row: z.object({
            source_ip: z
              .string()
              .trim()
              .refine((ip) => isIP(ip) !== 0, "source_ip is not an IP address"),
            count: z
              .string()
              .regex(/^\d{1,12}$/, "count is not a number")
              .transform(Number),
            policy_evaluated: z.object({ disposition: verdict, dkim: verdict, spf: verdict }),
          }),
          identifiers: z.object({ header_from: optionalText(255) }).optional(),
          auth_results: z.object({ dkim: z.array(authResult).optional(), spf: z.array(authResult).optional() }).optional(),
        }),
      )
      .max(MAX_REPORT_ROWS, `more than ${MAX_REPORT_ROWS} rows`)
      .default([]),
  }),
});

const dispositionOf = (value: string | undefined): DmarcDisposition => (value === "quarantine" || value === "reject" ? value : "none");

const resultsOf = (results: z.infer<typeof authResult>[] | undefined): DmarcAuthResult[] =>
  (results ?? []).map((result) => ({
    domain: result.domain ?? "",
    result: result.result ?? "none",
    selector: result.selector,
    scope: result.scope,
  }));

export function parseAggregateReport(xml: Buffer): AggregateReport {
  const source = xml.toString("utf8");
  if (/<!(DOCTYPE|ENTITY)/i.test(source)) throw new DmarcReportError("the report declares a DOCTYPE or entities");
  const valid = XMLValidator.validate(source);
  if (valid !== true) throw new DmarcReportError(`the report is not well-formed XML (line ${valid.err.line}: ${valid.err.msg})`);
  const checked = reportSchema.safeParse(parser.parse(source));
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    throw new DmarcReportError(`the report is not a DMARC aggregate report (${issue.path.join(".") || "feedback"}: ${issue.message})`);
  }
  const { report_metadata: metadata, policy_published: policy, record } = checked.data.feedback;
  if (metadata.date_range.end < metadata.date_range.begin) throw new DmarcReportError("the report's date range ends before it begins");
  return {
    reporter: metadata.org_name,
    reporterEmail: metadata.email,
    reportId: metadata.report_id,
    begin: metadata.date_range.begin,
    end: metadata.date_range.end,
    policy: {
      domain: policy.domain.toLowerCase().replace(/\.$/, ""),
      p: policy.p,
      sp: policy.sp,
      pct: policy.pct === null ? null : Number(policy.pct),
      adkim: policy.adkim,
      aspf: policy.aspf,
    },
    rows: record.map(({ row, identifiers, auth_results }) => ({
      sourceIp: row.source_ip,
      count: row.count,
      disposition: dispositionOf(row.policy_evaluated.disposition),
      dkimAligned: row.policy_evaluated.dkim === "pass",
      spfAligned: row.policy_evaluated.spf === "pass",
      headerFrom: identifiers?.header_from?.toLowerCase() ?? null,
      dkimResults: resultsOf(auth_results?.dkim),
      spfResults: resultsOf(auth_results?.spf),
    })),
  };
}
