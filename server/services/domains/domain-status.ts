// A domain's status after a check (docs/domains.md, "Domain states"):
// verified when every required record passes; temporary_failure when DNS could
// not answer, or when a verified domain lost a required record; failed once 72
// hours pass without ever verifying; pending otherwise. DNS trouble never fails a domain.
import type { DomainStatus, RecordStatus } from "@/server/db/schema";

export const VERIFICATION_WINDOW_MS = 72 * 60 * 60 * 1000;

type CheckedRecord = { required: boolean; status: RecordStatus };

/** A required record is definitely missing or wrong, and DNS answered for every required record. */
export function hasLostRequiredRecord(records: CheckedRecord[]): boolean {
  const required = records.filter((record) => record.required);
  return required.some((record) => record.status === "failed") && !required.some((record) => record.status === "temporary_failure");
}

export function nextDomainStatus(domain: { createdAt: Date; verifiedAt: Date | null }, records: CheckedRecord[], at: Date): DomainStatus {
  const required = records.filter((record) => record.required);
  if (required.every((record) => record.status === "verified")) return "verified";
  if (required.some((record) => record.status === "temporary_failure")) return "temporary_failure";
  if (domain.verifiedAt) return "temporary_failure";
  return at.getTime() - domain.createdAt.getTime() >= VERIFICATION_WINDOW_MS ? "failed" : "pending";
}
