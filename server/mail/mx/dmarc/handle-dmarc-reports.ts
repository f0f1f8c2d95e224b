// Mail to a DMARC report address: every report it carries is read and checked
// before any is stored, so a mail with one bad report stores nothing and is
// refused (550 5.6.0, naming what is wrong); a report already stored is taken
// again and changes nothing (docs/deliverability.md, "DMARC reports").
import { logger } from "@/server/logger";
import { SmtpReply } from "@/server/mail/reply-codes";
import { DmarcReportError } from "@/server/services/dmarc/dmarc-report-error";
import { type AggregateReport, parseAggregateReport } from "@/server/services/dmarc/parse-aggregate-report";
import { reportDocuments } from "@/server/services/dmarc/report-files";
import { storeDmarcReport } from "@/server/services/dmarc/store-dmarc-report";
import type { DmarcReportDestination, InboundMessage } from "../inbound-message";

export const MAX_REPORT_MAIL_BYTES = 10 * 1024 * 1024;

async function readReports(raw: Buffer): Promise<AggregateReport[]> {
  try {
    return (await reportDocuments(raw)).map(parseAggregateReport);
  } catch (error) {
    if (error instanceof DmarcReportError) throw new SmtpReply("invalidDmarcReport", error.message);
    throw error;
  }
}

export async function handleDmarcReports(message: InboundMessage, destinations: DmarcReportDestination[]): Promise<void> {
  if (message.raw.length > MAX_REPORT_MAIL_BYTES) throw new SmtpReply("dmarcReportTooLarge");
  const reports = await readReports(message.raw);
  const log = logger().child({ listener: "mx", session: message.sessionId });
  for (const { domainId } of destinations) {
    for (const report of reports) {
      try {
        const stored = await storeDmarcReport(domainId, report);
        log.info({ domainId, reporter: report.reporter, reportId: report.reportId, stored: stored.stored }, "dmarc report received");
      } catch (error) {
        if (error instanceof DmarcReportError) throw new SmtpReply("invalidDmarcReport", error.message);
        throw error;
      }
    }
  }
}
