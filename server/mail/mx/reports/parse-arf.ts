// Complaints (RFC 5965 Abuse Reporting Format): the feedback type and who
// complained. Original-Rcpt-To names the recipient; many reporters leave it
// out (or redact it), and then the To and Cc of the returned original
// message are the candidates. Matching them to the message's recipients is
// the caller's job.
import { addressField, firstField, parseFieldGroups } from "./report-fields";

export type FeedbackReport = {
  /** abuse, fraud, virus, other, not-spam, … (lower case); "abuse" when the field is missing. */
  feedbackType: string;
  /** Addresses from Original-Rcpt-To, lower case. */
  originalRecipients: string[];
  userAgent: string | null;
};

export function parseFeedbackReport(text: string): FeedbackReport {
  const [group] = parseFieldGroups(text);
  const feedbackType = (group && firstField(group, "feedback-type")?.toLowerCase().trim()) || "abuse";
  const originalRecipients = (group?.get("original-rcpt-to") ?? [])
    .map(addressField)
    .filter((address): address is string => address !== null);
  return {
    feedbackType: /^[a-z0-9-]{1,40}$/.test(feedbackType) ? feedbackType : "other",
    originalRecipients: [...new Set(originalRecipients)],
    userAgent: (group && firstField(group, "user-agent")?.slice(0, 200)) ?? null,
  };
}
