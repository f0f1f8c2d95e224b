// The DNS records a domain's owner publishes, in the order the portal shows them.
import type { RecordPurpose } from "@/server/db/schema";
import { env } from "@/server/config/env";
import { dmarcReportAddress } from "@/server/services/dmarc/report-address";
import { dkimRecordValue } from "./dkim-keys";
import { OWNERSHIP_LABEL, RETURN_PATH_LABEL, returnPathDomain, spfDomain } from "./sending-config";

export type ExpectedRecord = {
  purpose: RecordPurpose;
  type: "TXT" | "CNAME" | "MX";
  /** Fully qualified, without the trailing dot. */
  name: string;
  value: string;
  /** MX preference; null for other types. */
  priority: number | null;
  /** Whether sending verification needs it: DMARC is recommended, and the MX is needed for receiving only. */
  required: boolean;
};

export const MX_PRIORITY = 10;

export const ownershipValue = (token: string) => `ces-domain-verification=${token}`;

export function expectedRecords(domain: {
  id: string;
  name: string;
  ownershipToken: string;
  dkimSelector: string;
  dkimPublicKey: string;
}): ExpectedRecord[] {
  return [
    {
      purpose: "ownership",
      type: "TXT",
      name: `${OWNERSHIP_LABEL}.${domain.name}`,
      value: ownershipValue(domain.ownershipToken),
      priority: null,
      required: true,
    },
    { purpose: "spf", type: "TXT", name: domain.name, value: `v=spf1 include:${spfDomain()} ~all`, priority: null, required: true },
    {
      purpose: "dkim",
      type: "TXT",
      name: `${domain.dkimSelector}._domainkey.${domain.name}`,
      value: dkimRecordValue(domain.dkimPublicKey),
      priority: null,
      required: true,
    },
    {
      purpose: "dmarc",
      type: "TXT",
      name: `_dmarc.${domain.name}`,
      // Aggregate reports come to the service, which shows them on the domain's page.
      value: `v=DMARC1; p=none; rua=mailto:${dmarcReportAddress(domain.id)};`,
      priority: null,
      required: false,
    },
    {
      purpose: "return_path",
      type: "CNAME",
      name: `${RETURN_PATH_LABEL}.${domain.name}`,
      value: returnPathDomain(),
      priority: null,
      required: true,
    },
    { purpose: "mx", type: "MX", name: domain.name, value: env().mail.hostname, priority: MX_PRIORITY, required: false },
  ];
}
