import { z } from "zod";

export const domainStatuses = ["pending", "verified", "failed", "temporary_failure"] as const;
export const recordStatuses = ["pending", "verified", "failed", "temporary_failure"] as const;
export const recordPurposes = ["ownership", "spf", "dkim", "dmarc", "return_path", "mx"] as const;

export const domainRecordSchema = z
  .object({
    type: z.enum(["TXT", "CNAME", "MX"]),
    /** Fully qualified, without the trailing dot. */
    name: z.string(),
    value: z.string().meta({ description: "For MX, the mail host; its preference is `priority`." }),
    priority: z.number().int().nullable().meta({ description: "The MX preference; null for other types." }),
    purpose: z.enum(recordPurposes).meta({
      description: "`mx` points the domain's incoming mail at the service: needed for hosted mailboxes only (see `receivingStatus`).",
    }),
    required: z.boolean().meta({
      description:
        "Whether sending verification needs it: false for DMARC, which is recommended, and for the MX record, which receiving needs instead",
    }),
    status: z.enum(recordStatuses),
    lastCheckedAt: z.iso.datetime().nullable(),
    found: z.array(z.string()).nullable().meta({
      description:
        "What the last lookup found at `name`: every TXT value, CNAME target or MX record (`<preference> <host>`) there, `[]` when there is no such record, null before the first lookup or when DNS could not be reached. Compare with `value` when the status is `failed`.",
    }),
  })
  .meta({ id: "DomainRecord" });

export const discoveryRecordSchema = z
  .object({
    purpose: z.enum(["autoconfig", "imap", "submission"]),
    type: z.enum(["CNAME", "SRV"]),
    name: z.string(),
    value: z.string().meta({ description: "The CNAME target, or the SRV target host." }),
    priority: z.number().int().nullable().meta({ description: "SRV priority; null for CNAME." }),
    weight: z.number().int().nullable().meta({ description: "SRV weight; null for CNAME." }),
    port: z.number().int().nullable().meta({ description: "SRV port; null for CNAME." }),
  })
  .meta({ id: "DiscoveryRecord" });

export type DiscoveryRecord = z.output<typeof discoveryRecordSchema>;

export const sendingDomainSchema = z
  .object({
    id: z.string().meta({ description: "The domain's id, as every resource has one." }),
    domain_id: z.string().meta({ description: "The same value as `id`, kept for clients written before `id` was added." }),
    name: z.string().meta({ description: "Lower case, without a trailing dot; internationalised names in punycode (xn--…)" }),
    status: z.enum(domainStatuses).meta({ description: "Whether the domain can send: every required record passes." }),
    receivingStatus: z.enum(domainStatuses).meta({
      description:
        "Whether mail for the domain reaches hosted mailboxes: `verified` when the ownership and MX records pass; `temporary_failure` when DNS did not answer or a receiving domain lost one; `failed` when the domain failed; `pending` otherwise.",
    }),
    records: z.array(domainRecordSchema),
    discoveryRecords: z.array(discoveryRecordSchema).meta({
      description: "Optional records that let mail clients find their settings (autoconfig, SRV). Never checked; nothing depends on them.",
    }),
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
