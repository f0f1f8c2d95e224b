// Words and colours for domain and record states (docs/domains.md, "Domain states").
import type { DomainRecord, SendingDomain } from "@/shared/schemas/sending-domain";

type Tone = "neutral" | "positive" | "warning" | "danger";

export const domainStatusText: Record<SendingDomain["status"], { label: string; tone: Tone; explanation: string }> = {
  pending: {
    label: "Pending",
    tone: "neutral",
    explanation: "Publish the records below at your DNS provider, then press Verify. We also check every 15 minutes for 72 hours.",
  },
  verified: { label: "Verified", tone: "positive", explanation: "Every required record is in place. We check again daily." },
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
  verified: "positive",
  failed: "danger",
  temporary_failure: "warning",
};

export const recordStatusText: Record<DomainRecord["status"], { label: string; tone: Tone }> = {
  pending: { label: "Not checked", tone: "neutral" },
  verified: { label: "Found", tone: "positive" },
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

export const toneClass: Record<Tone, string> = {
  neutral: "bg-zinc-100 text-zinc-700 ring-zinc-500/20 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-400/20",
  positive: "bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-500/10 dark:text-emerald-400 dark:ring-emerald-500/25",
  warning: "bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-500/10 dark:text-amber-300 dark:ring-amber-500/25",
  danger: "bg-red-50 text-red-700 ring-red-600/20 dark:bg-red-500/10 dark:text-red-400 dark:ring-red-500/25",
};

export function StatusBadge({ label, tone }: { label: string; tone: Tone }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${toneClass[tone]}`}
    >
      {label}
    </span>
  );
}
