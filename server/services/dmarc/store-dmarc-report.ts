// Stores an aggregate report for the domain its address names, once per
// reporter and report id (a report sent again stores nothing new), with its
// rows, in one transaction; the trigger on dmarc_reports writes the feed's
// `domain.dmarc_report`. A report about a domain that is not the address's
// (nor under it) is refused: it would show one account another's sources.
import { eq, sql } from "drizzle-orm";
import { db } from "@/server/db/client";
import { dmarcReports, sendingDomains } from "@/server/db/schema";
import { newId } from "@/server/ids";
import { DmarcReportError } from "./dmarc-report-error";
import type { AggregateReport } from "./parse-aggregate-report";
import { reverseNames } from "./reverse-names";

export type StoredReport = { stored: true; id: string } | { stored: false; reason: "duplicate" };

const isAtOrUnder = (name: string, domain: string) => name === domain || name.endsWith(`.${domain}`);

export async function storeDmarcReport(domainId: string, report: AggregateReport): Promise<StoredReport> {
  const [domain] = await db()
    .select({ id: sendingDomains.id, accountId: sendingDomains.accountId, name: sendingDomains.name })
    .from(sendingDomains)
    .where(eq(sendingDomains.id, domainId))
    .limit(1);
  if (!domain) throw new DmarcReportError("this address's domain is gone");
  if (!isAtOrUnder(report.policy.domain, domain.name))
    throw new DmarcReportError(`the report is about ${report.policy.domain}, not ${domain.name}`);
  const names = await reverseNames(report.rows.map((row) => row.sourceIp));
  const id = newId("dmr");
  const messages = report.rows.reduce((sum, row) => sum + row.count, 0);
  const passed = report.rows.filter((row) => row.dkimAligned || row.spfAligned).reduce((sum, row) => sum + row.count, 0);
  return db().transaction(async (tx) => {
    const inserted = await tx
      .insert(dmarcReports)
      .values({
        id,
        accountId: domain.accountId,
        domainId: domain.id,
        reporter: report.reporter,
        reporterEmail: report.reporterEmail,
        reportId: report.reportId,
        beginAt: report.begin,
        endAt: report.end,
        policy: report.policy,
        messages,
        passedMessages: passed,
      })
      .onConflictDoNothing()
      .returning({ id: dmarcReports.id });
    if (inserted.length === 0) return { stored: false, reason: "duplicate" } as const;
    const rows = report.rows.map((row, position) => ({ ...row, position, reverseName: names.get(row.sourceIp) ?? null }));
    await tx.execute(sql`
      insert into dmarc_report_rows (report_id, position, source_ip, reverse_name, count, disposition, dkim_aligned, spf_aligned,
                                     header_from, dkim_results, spf_results)
      select ${id}, row.position, row."sourceIp", row."reverseName", row.count, row.disposition, row."dkimAligned", row."spfAligned",
             row."headerFrom", row."dkimResults", row."spfResults"
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as row(position int, "sourceIp" text, "reverseName" text, count bigint, disposition text, "dkimAligned" boolean,
                 "spfAligned" boolean, "headerFrom" text, "dkimResults" jsonb, "spfResults" jsonb)`);
    return { stored: true, id } as const;
  });
}
