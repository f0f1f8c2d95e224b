// A domain's receiving status after a check (docs/mailboxes.md, "The MX record"):
// whether mail for the domain reaches the service. It needs the ownership
// record (the domain is the account's) and the MX record; the sending status
// never depends on it, nor it on SPF, DKIM or the return path.
import type { DomainStatus, RecordPurpose, RecordStatus } from "@/server/db/schema";
import { hasLostRequiredRecord } from "./domain-status";

type CheckedRecord = { purpose: RecordPurpose; status: RecordStatus };

const RECEIVING: readonly RecordPurpose[] = ["ownership", "mx"];

const receivingRecords = (records: CheckedRecord[]) =>
  records.filter((record) => RECEIVING.includes(record.purpose)).map((record) => ({ status: record.status, required: true }));

/**
 * verified: both records pass. temporary_failure: DNS did not answer for one
 * of them, or the domain was receiving and lost one (mail may be going
 * elsewhere: the owner should look). failed: the domain itself failed (its
 * ownership was never proven). pending otherwise: receiving is optional, so a
 * domain that never published an MX record is simply not receiving yet.
 */
export function nextReceivingStatus(
  previous: { receivingStatus: DomainStatus; records: CheckedRecord[] },
  checked: CheckedRecord[],
  sendingStatus: DomainStatus,
): DomainStatus {
  const now = receivingRecords(checked);
  if (now.length === RECEIVING.length && now.every((record) => record.status === "verified")) return "verified";
  if (now.some((record) => record.status === "temporary_failure")) return "temporary_failure";
  // Still in the "lost a record" state of an earlier check (not a DNS outage), or losing one now.
  const wasReceiving =
    previous.receivingStatus === "verified" ||
    (previous.receivingStatus === "temporary_failure" && hasLostRequiredRecord(receivingRecords(previous.records)));
  if (wasReceiving) return "temporary_failure";
  return sendingStatus === "failed" ? "failed" : "pending";
}
