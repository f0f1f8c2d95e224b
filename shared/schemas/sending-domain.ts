import { z } from "zod";

export const domainStatuses = ["pending", "verified", "failed", "temporary_failure"] as const;
export const recordStatuses = ["pending", "verified", "failed", "temporary_failure"] as const;
export const recordPurposes = ["ownership", "spf", "dkim", "dmarc", "return_path"] as const;

export const domainRecordSchema = z
  .object({
    type: z.enum(["TXT", "CNAME"]),
    /** Fully qualified, without the trailing dot. */
    name: z.string(),
    value: z.string(),
    purpose: z.enum(recordPurposes),
    required: z.boolean().meta({ description: "false for DMARC, which is recommended: the domain verifies without it" }),
    status: z.enum(recordStatuses),
    lastCheckedAt: z.iso.datetime().nullable(),
    found: z.array(z.string()).nullable().meta({
      description:
        "What the last lookup found at `name`: every TXT value or CNAME target there, `[]` when there is no such record, null before the first lookup or when DNS could not be reached. Compare with `value` when the status is `failed`.",
    }),
  })
  .meta({ id: "DomainRecord" });

export const sendingDomainSchema = z
  .object({
    domain_id: z.string(),
    name: z.string().meta({ description: "Lower case, without a trailing dot; internationalised names in punycode (xn--…)" }),
    status: z.enum(domainStatuses),
    records: z.array(domainRecordSchema),
    createdAt: z.iso.datetime(),
    verifiedAt: z.iso.datetime().nullable(),
    lastCheckedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "SendingDomain" });

export type SendingDomain = z.output<typeof sendingDomainSchema>;
export type DomainRecord = z.output<typeof domainRecordSchema>;

export const createDomainBody = z
  .strictObject({
    // The server normalises and judges the name (IDN, reserved and service names).
    name: z
      .string()
      .trim()
      .min(1, "Enter a domain name, like example.com.")
      .max(300, "A domain name can be at most 253 characters long.")
      .meta({ description: "A domain you control, e.g. `example.com` or `mail.example.com`", example: "example.com" }),
  })
  .meta({ id: "CreateDomainRequest" });

export const domainIdParams = z.object({ domain_id: z.string() });
