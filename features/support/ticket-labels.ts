import type { SupportTicket } from "@/shared/schemas/support";

export const categoryLabels: Record<SupportTicket["category"], string> = {
  technical: "Technical problem",
  deliverability: "Deliverability",
  billing: "Billing",
  account: "Account access",
  other: "Something else",
};

export const priorityLabels: Record<SupportTicket["priority"], string> = {
  low: "Low: a question, no rush",
  normal: "Normal",
  high: "High: something is not working",
  urgent: "Urgent: email is not going out",
};

export const statusLabels: Record<SupportTicket["status"], string> = {
  open: "Open",
  pending: "Waiting for you",
  resolved: "Resolved",
  closed: "Closed",
};
