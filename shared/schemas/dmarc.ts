import { z } from "zod";
import { paginationQuery, paginationSchema } from "./pagination";

export const dmarcReportSchema = z
  .object({
    id: z.string().meta({ description: "`dmr_…`" }),
    reporter: z.string().meta({ description: "Who sent the report: its organisation name (Google, Microsoft, …)." }),
    reporterEmail: z.string().nullable(),
    reportId: z.string().meta({ description: "The reporter's own id of the report; a report is stored once per reporter and id." }),
    begin: z.iso.datetime(),
    end: z.iso.datetime(),
    messages: z.number().int().meta({ description: "Messages the report covers." }),
    passRate: z.number().nullable().meta({
      description: "Percentage of them that passed DMARC (an SPF or DKIM pass aligned with the From domain); null without messages.",
    }),
    policy: z
      .object({ domain: z.string(), p: z.string().nullable(), sp: z.string().nullable(), pct: z.number().nullable() })
      .meta({ description: "The policy the reporter found published." }),
    receivedAt: z.iso.datetime(),
  })
  .meta({ id: "DmarcReport" });

export const dmarcReportPageSchema = z
  .object({ items: z.array(dmarcReportSchema), pagination: paginationSchema })
  .meta({ id: "DmarcReportPage" });

export const listDmarcReportsQuery = paginationQuery;

export const dmarcSourcesQuery = z.object({
  from: z.iso
    .datetime({ offset: true })
    .optional()
    .meta({ description: "Reports whose period ends after this time (default: 30 days ago)." }),
  to: z.iso.datetime({ offset: true }).optional().meta({ description: "Reports whose period begins before this time (default: now)." }),
});

export const dmarcSourceSchema = z
  .object({
    sourceIp: z.string(),
    reverseName: z.string().nullable().meta({ description: "The address's PTR name when the report arrived." }),
    messages: z.number().int(),
    spfAligned: z.number().int().meta({ description: "Messages whose SPF passed aligned with the From domain." }),
    dkimAligned: z.number().int().meta({ description: "Messages whose DKIM passed aligned with the From domain." }),
    passed: z.number().int().meta({ description: "Messages that passed DMARC (either aligned)." }),
    disposition: z
      .object({ none: z.number().int(), quarantine: z.number().int(), reject: z.number().int() })
      .meta({ description: "What receivers did with its messages." }),
    failing: z
      .boolean()
      .meta({ description: "Some of its messages failed DMARC: a server sending as the domain without aligned SPF or DKIM." }),
  })
  .meta({ id: "DmarcSource" });

export const dmarcSourcesSchema = z.array(dmarcSourceSchema);
