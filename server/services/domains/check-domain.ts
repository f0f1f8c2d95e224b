// One DNS check of one domain: looks every record up now, then stores each
// record's status and the domain's, in one transaction with the activity
// events and the owner's emails that a change calls for. Used by
// POST /sending/domains/{domain_id}/verify and by the background re-check.
import { and, eq, isNotNull, ne } from "drizzle-orm";
import { now } from "@/server/clock";
import { db, type Executor } from "@/server/db/client";
import {
  accounts,
  type DomainStatus,
  type RecordPurpose,
  type RecordStatus,
  sendingDomainRecords,
  sendingDomains,
} from "@/server/db/schema";
import { queueEmail } from "@/server/notifications/queue-email";
import { domainRecordLostEmail, domainVerificationFailedEmail } from "@/server/notifications/templates/domain-emails";
import { env } from "@/server/config/env";
import { notFound } from "@/server/errors";
import { jobSender } from "@/server/jobs/enqueue";
import { recordActivity } from "@/server/services/activity/record-activity";
import type { ClientInfo } from "@/shared/api/client-info";
import { createDnsLookup, type DnsLookup, type LookupResult } from "./dns-lookup";
import { hasLostRequiredRecord, nextDomainStatus } from "./domain-status";
import type { DomainRecordRow, DomainRow } from "./domain-view";
import { type ExpectedRecord, expectedRecords } from "./expected-records";
import { nextReceivingStatus } from "./receiving-status";
import {
  cnameMatches,
  dkimKeyMatches,
  dmarcPolicyValid,
  hasOwnershipToken,
  mxPointsAt,
  recordStatusOf,
  spfIncludes,
} from "./record-checks";
import { returnPathDomain, spfDomain } from "./sending-config";
import { describeStatusChange, PURPOSE_LABELS } from "./status-text";

export type CheckOptions = {
  at?: Date;
  lookup?: DnsLookup;
  /** Set when the owner asked for the check (the verify endpoint); absent for the background re-check. */
  requestedBy?: ClientInfo;
};

export type CheckOutcome = {
  domain: DomainRow;
  records: DomainRecordRow[];
  previousStatus: DomainRow["status"];
  takenByAnotherAccount: boolean;
};

async function lookUp(lookup: DnsLookup, record: ExpectedRecord): Promise<LookupResult> {
  if (record.type === "MX") return lookup.mx(record.name);
  return record.type === "CNAME" ? lookup.cname(record.name) : lookup.txt(record.name);
}

function passes(purpose: RecordPurpose, domain: DomainRow, record: ExpectedRecord): (values: string[]) => boolean {
  switch (purpose) {
    case "ownership":
      return (values) => hasOwnershipToken(values, record.value);
    case "spf":
      return (values) => spfIncludes(values, spfDomain());
    case "dkim":
      return (values) => dkimKeyMatches(values, domain.dkimPublicKey);
    case "dmarc":
      return (values) => dmarcPolicyValid(values);
    case "return_path":
      return (values) => cnameMatches(values, returnPathDomain());
    case "mx":
      return (values) => mxPointsAt(values, env().mail.hostname);
  }
}

/** Looks the records up (outside any transaction: DNS can take seconds) and returns each one's status. */
async function lookUpRecords(domain: DomainRow, lookup: DnsLookup) {
  const expected = expectedRecords(domain);
  return Promise.all(
    expected.map(async (record, position) => {
      const result = await lookUp(lookup, record);
      const found = result.kind === "found" ? result.values : result.kind === "missing" ? [] : null;
      return { ...record, position, found, status: recordStatusOf(result, passes(record.purpose, domain, record)) };
    }),
  );
}

type CheckedRecord = Awaited<ReturnType<typeof lookUpRecords>>[number];

/** What the check decided, as the steps after the records' update need it. */
type Verdict = {
  status: DomainStatus;
  receivingStatus: ReturnType<typeof nextReceivingStatus>;
  changed: boolean;
  takenByAnotherAccount: boolean;
};

/** The domain's next status; a domain about to verify fails instead when another account verified the name first. */
async function statusAfterCheck(tx: Executor, domain: DomainRow, checked: CheckedRecord[], at: Date) {
  const status = nextDomainStatus(domain, checked, at);
  if (status !== "verified" || domain.verifiedAt) return { status, takenByAnotherAccount: false };
  const [claim] = await tx
    .select({ id: sendingDomains.id })
    .from(sendingDomains)
    .where(and(eq(sendingDomains.name, domain.name), ne(sendingDomains.id, domain.id), isNotNull(sendingDomains.verifiedAt)))
    .limit(1);
  return claim ? { status: "failed" as const, takenByAnotherAccount: true } : { status, takenByAnotherAccount: false };
}

/** Writes each record's status and what was found, in the order checked. */
async function storeRecords(tx: Executor, domainId: string, checked: CheckedRecord[], at: Date): Promise<DomainRecordRow[]> {
  const records: DomainRecordRow[] = [];
  for (const record of checked) {
    const values = {
      type: record.type,
      name: record.name,
      value: record.value,
      priority: record.priority,
      required: record.required,
      position: record.position,
      status: record.status,
      lastCheckedAt: at,
      foundValues: record.found,
    };
    const [row] = await tx
      .insert(sendingDomainRecords)
      .values({ domainId, purpose: record.purpose, ...values })
      .onConflictDoUpdate({ target: [sendingDomainRecords.domainId, sendingDomainRecords.purpose], set: values })
      .returning();
    records.push(row!);
  }
  return records;
}

async function updateDomainStatus(tx: Executor, domainId: string, verdict: Verdict, at: Date): Promise<DomainRow> {
  const { status, receivingStatus, changed } = verdict;
  const [updated] = await tx
    .update(sendingDomains)
    .set({
      status,
      receivingStatus,
      lastCheckedAt: at,
      ...(changed ? { statusChangedAt: at } : {}),
      ...(changed && status === "verified" ? { verifiedAt: at } : {}),
    })
    .where(eq(sendingDomains.id, domainId))
    .returning();
  return updated!;
}

/** The activity log: the check itself when the owner asked for it, and any change of status. */
async function recordCheckActivity(
  tx: Executor,
  domain: DomainRow,
  checked: CheckedRecord[],
  records: DomainRecordRow[],
  verdict: Verdict,
  client: ClientInfo | undefined,
) {
  const { status, receivingStatus, takenByAnotherAccount } = verdict;
  const domainId = domain.id;
  const base = { accountId: domain.accountId, ip: client?.ip ?? null, userAgent: client?.userAgent ?? null };
  const summary = Object.fromEntries(records.map((record) => [record.purpose, record.status])) as Record<RecordPurpose, RecordStatus>;
  if (client) {
    await recordActivity(
      {
        ...base,
        type: "domain.verification_checked",
        description: `Checked the DNS records of ${domain.name}`,
        metadata: { domainId, name: domain.name, status, receivingStatus, records: summary },
      },
      tx,
    );
  }
  if (verdict.changed) {
    await recordActivity(
      {
        ...base,
        type: "domain.status_changed",
        description: describeStatusChange(domain.name, status, { takenByAnotherAccount, lostRecord: hasLostRequiredRecord(checked) }),
        metadata: { domainId, name: domain.name, from: domain.status, to: status },
      },
      tx,
    );
  }
}

/** Emails the owner once when a verified domain loses a required record, or when the background re-check fails it. */
async function emailOwnerOfTrouble(
  tx: Executor,
  domain: DomainRow,
  checked: CheckedRecord[],
  previousRecords: DomainRecordRow[],
  verdict: Verdict,
  client: ClientInfo | undefined,
) {
  const lostNow = domain.verifiedAt !== null && hasLostRequiredRecord(checked);
  const lostBefore = domain.lastCheckedAt !== null && hasLostRequiredRecord(previousRecords);
  const failedByTime = verdict.changed && verdict.status === "failed" && !verdict.takenByAnotherAccount && !client;
  if (!((lostNow && !lostBefore) || failedByTime)) return;
  const [owner] = await tx.select({ email: accounts.email }).from(accounts).where(eq(accounts.id, domain.accountId));
  const domainsUrl = `${env().appUrl}/domains`;
  if (owner && lostNow) {
    const missing = checked
      .filter((record) => record.required && record.status === "failed")
      .map((record) => `${PURPOSE_LABELS[record.purpose]} (${record.type} ${record.name})`);
    await queueEmail(domainRecordLostEmail(owner.email, domain.name, missing, domainsUrl), tx);
  } else if (owner) {
    await queueEmail(domainVerificationFailedEmail(owner.email, domain.name, domainsUrl), tx);
  }
}

export async function checkDomain(domainId: string, options: CheckOptions = {}): Promise<CheckOutcome> {
  const at = options.at ?? now();
  const [current] = await db().select().from(sendingDomains).where(eq(sendingDomains.id, domainId)).limit(1);
  if (!current) throw notFound("Domain");
  const checked = await lookUpRecords(current, options.lookup ?? createDnsLookup());
  // The email sender must be up before the transaction: starting it inside would wait on
  // a second pooled connection behind our own (the job worker's process has none at boot).
  await jobSender();

  return db().transaction(async (tx) => {
    // Locked, and read again: the domain may have changed or gone during the lookups.
    const [domain] = await tx.select().from(sendingDomains).where(eq(sendingDomains.id, domainId)).for("update");
    if (!domain) throw notFound("Domain");
    const previousRecords = await tx.select().from(sendingDomainRecords).where(eq(sendingDomainRecords.domainId, domainId));

    const { status, takenByAnotherAccount } = await statusAfterCheck(tx, domain, checked, at);
    const records = await storeRecords(tx, domainId, checked, at);
    const receivingStatus = nextReceivingStatus({ receivingStatus: domain.receivingStatus, records: previousRecords }, checked, status);
    const verdict: Verdict = { status, receivingStatus, changed: status !== domain.status, takenByAnotherAccount };
    const updated = await updateDomainStatus(tx, domainId, verdict, at);
    await recordCheckActivity(tx, domain, checked, records, verdict, options.requestedBy);
    await emailOwnerOfTrouble(tx, domain, checked, previousRecords, verdict, options.requestedBy);
    return { domain: updated, records, previousStatus: domain.status, takenByAnotherAccount };
  });
}
