// A domain's DMARC reports as the API lists them, and its sending sources
// summed over the reports of a window (docs/deliverability.md, "DMARC
// reports"). Another account's domain is 404 before anything is read.
import { count, desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { now } from "@/server/clock";
import { db } from "@/server/db/client";
import { dmarcReports } from "@/server/db/schema";
import { getOwnedDomainOrThrow } from "@/server/services/domains/domain-view";
import type { dmarcReportSchema, dmarcSourceSchema, dmarcSourcesQuery, listDmarcReportsQuery } from "@/shared/schemas/dmarc";
import { pageInfo } from "@/shared/schemas/pagination";
import { percentage } from "@/shared/percentage";

const DEFAULT_WINDOW_MS = 30 * 86_400_000;

function reportView(row: typeof dmarcReports.$inferSelect): z.input<typeof dmarcReportSchema> {
  return {
    id: row.id,
    reporter: row.reporter,
    reporterEmail: row.reporterEmail,
    reportId: row.reportId,
    begin: row.beginAt.toISOString(),
    end: row.endAt.toISOString(),
    messages: row.messages,
    passRate: percentage(row.passedMessages, row.messages),
    policy: { domain: row.policy.domain, p: row.policy.p, sp: row.policy.sp, pct: row.policy.pct },
    receivedAt: row.receivedAt.toISOString(),
  };
}

export async function listDmarcReports(accountId: string, domainId: string, query: z.output<typeof listDmarcReportsQuery>) {
  const domain = await getOwnedDomainOrThrow(accountId, domainId);
  const where = eq(dmarcReports.domainId, domain.id);
  const [rows, [total]] = await Promise.all([
    db()
      .select()
      .from(dmarcReports)
      .where(where)
      .orderBy(desc(dmarcReports.endAt), desc(dmarcReports.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db().select({ total: count() }).from(dmarcReports).where(where),
  ]);
  return { items: rows.map(reportView), pagination: pageInfo(query.page, query.limit, total!.total) };
}

type SourceRow = {
  source_ip: string;
  reverse_name: string | null;
  messages: number;
  spf_aligned: number;
  dkim_aligned: number;
  passed: number;
  none: number;
  quarantine: number;
  reject: number;
};

export async function listDmarcSources(
  accountId: string,
  domainId: string,
  query: z.output<typeof dmarcSourcesQuery>,
): Promise<z.input<typeof dmarcSourceSchema>[]> {
  const domain = await getOwnedDomainOrThrow(accountId, domainId);
  const to = query.to ? new Date(query.to) : now();
  const from = query.from ? new Date(query.from) : new Date(to.getTime() - DEFAULT_WINDOW_MS);
  const result = await db().execute<SourceRow>(sql`
    select row.source_ip, max(row.reverse_name) as reverse_name,
           sum(row.count)::float8 as messages,
           coalesce(sum(row.count) filter (where row.spf_aligned), 0)::float8 as spf_aligned,
           coalesce(sum(row.count) filter (where row.dkim_aligned), 0)::float8 as dkim_aligned,
           coalesce(sum(row.count) filter (where row.spf_aligned or row.dkim_aligned), 0)::float8 as passed,
           coalesce(sum(row.count) filter (where row.disposition = 'none'), 0)::float8 as none,
           coalesce(sum(row.count) filter (where row.disposition = 'quarantine'), 0)::float8 as quarantine,
           coalesce(sum(row.count) filter (where row.disposition = 'reject'), 0)::float8 as reject
      from dmarc_reports report
      join dmarc_report_rows row on row.report_id = report.id
     where report.domain_id = ${domain.id} and report.end_at > ${from} and report.begin_at < ${to}
     group by row.source_ip
     order by messages desc, row.source_ip
     limit 500`);
  return result.rows.map((row) => ({
    sourceIp: row.source_ip,
    reverseName: row.reverse_name,
    messages: Number(row.messages),
    spfAligned: Number(row.spf_aligned),
    dkimAligned: Number(row.dkim_aligned),
    passed: Number(row.passed),
    disposition: { none: Number(row.none), quarantine: Number(row.quarantine), reject: Number(row.reject) },
    failing: Number(row.passed) < Number(row.messages),
  }));
}
