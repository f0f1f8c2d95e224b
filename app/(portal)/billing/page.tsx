import type { Metadata } from "next";
import { BillingPanel } from "@/features/billing/billing-panel";

export const metadata: Metadata = { title: "Billing" };

export default async function BillingPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { checkout } = await searchParams;
  return <BillingPanel checkoutCanceled={checkout === "canceled"} />;
}
