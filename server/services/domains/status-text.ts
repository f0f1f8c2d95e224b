// Words for domain status changes, shared by the activity log and emails.
import type { DomainStatus, RecordPurpose } from "@/server/db/schema";

export const PURPOSE_LABELS: Record<RecordPurpose, string> = {
  ownership: "Ownership",
  spf: "SPF",
  dkim: "DKIM",
  dmarc: "DMARC",
  return_path: "Return path",
  mx: "MX",
};

export function describeStatusChange(
  name: string,
  status: DomainStatus,
  why: { takenByAnotherAccount: boolean; lostRecord: boolean },
): string {
  switch (status) {
    case "verified":
      return `${name} is verified`;
    case "pending":
      return `${name} is waiting for its DNS records`;
    case "failed":
      return why.takenByAnotherAccount
        ? `${name} could not be verified: another account verified it first`
        : `${name} was not verified within 72 hours`;
    case "temporary_failure":
      return why.lostRecord ? `${name} lost a required DNS record` : `${name} could not be checked: DNS did not answer`;
  }
}
