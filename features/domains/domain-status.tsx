// Words and colours for domain and record states (docs/domains.md, "Domain states").
import type { BadgeTone as Tone } from "@/components/badge";
import type { DomainRecord, SendingDomain } from "@/shared/schemas/sending-domain";

export const domainStatusText: Record<SendingDomain["status"], { label: string; tone: Tone; explanation: string }> = {
  pending: {
    label: "Pending",
    tone: "neutral",
    explanation: "Publish the records below at your DNS provider, then press Verify. We also check every 15 minutes for 72 hours.",
  },
  verified: { label: "Verified", tone: "success", explanation: "Every required record is in place. We check again daily." },
  failed: {
    label: "Failed",
    tone: "danger",
    explanation: "The required records were not found within 72 hours. Publish them and press Verify to check again.",
  },
  temporary_failure: {
    label: "Temporary failure",
    tone: "warning",
    explanation:
      "The last check could not reach DNS, or a required record went missing. We keep checking; you can press Verify at any time.",
  },
};

/** Whether mail for the domain reaches hosted mailboxes (the MX record; docs/mailboxes.md). */
export const receivingStatusLabel: Record<SendingDomain["receivingStatus"], string> = {
  pending: "not set up",
  verified: "on",
  failed: "failed",
  temporary_failure: "check the MX record",
};

export const receivingTone: Record<SendingDomain["receivingStatus"], Tone> = {
  pending: "neutral",
  verified: "success",
  failed: "danger",
  temporary_failure: "warning",
};

export const recordStatusText: Record<DomainRecord["status"], { label: string; tone: Tone }> = {
  pending: { label: "Not checked", tone: "neutral" },
  verified: { label: "Found", tone: "success" },
  failed: { label: "Not found or wrong", tone: "danger" },
  temporary_failure: { label: "DNS did not answer", tone: "warning" },
};

export const purposeLabel: Record<DomainRecord["purpose"], string> = {
  ownership: "Ownership",
  spf: "SPF",
  dkim: "DKIM",
  dmarc: "DMARC",
  return_path: "Return path",
  mx: "MX (receiving)",
};
