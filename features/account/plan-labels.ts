import type { planIds } from "@/shared/schemas/account";

export const planLabels: Record<(typeof planIds)[number], string> = {
  free: "Free",
  starter: "Starter",
  pro: "Pro",
  business: "Business",
  enterprise: "Enterprise",
  custom: "Custom",
  payg: "Pay as you go",
};
