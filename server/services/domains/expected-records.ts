// The DNS records a domain's owner publishes, in the order the portal shows them.
import type { RecordPurpose } from "@/server/db/schema";
import { dkimRecordValue } from "./dkim-keys";
import { OWNERSHIP_LABEL, RETURN_PATH_LABEL, returnPathDomain, spfDomain } from "./sending-config";

export type ExpectedRecord = {
  purpose: RecordPurpose;
  type: "TXT" | "CNAME";
  /** Fully qualified, without the trailing dot. */
  name: string;
  value: string;
  /** DMARC is recommended: the domain verifies without it. */
  required: boolean;
};

export const ownershipValue = (token: string) => `ces-domain-verification=${token}`;

export function expectedRecords(domain: {
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
      required: true,
    },
    { purpose: "spf", type: "TXT", name: domain.name, value: `v=spf1 include:${spfDomain()} ~all`, required: true },
    {
      purpose: "dkim",
      type: "TXT",
      name: `${domain.dkimSelector}._domainkey.${domain.name}`,
      value: dkimRecordValue(domain.dkimPublicKey),
      required: true,
    },
    { purpose: "dmarc", type: "TXT", name: `_dmarc.${domain.name}`, value: "v=DMARC1; p=none;", required: false },
    { purpose: "return_path", type: "CNAME", name: `${RETURN_PATH_LABEL}.${domain.name}`, value: returnPathDomain(), required: true },
  ];
}
