import type { Metadata } from "next";
import { PaymentReturn } from "@/features/billing/payment-return";

export const metadata: Metadata = { title: "Payment" };

const single = (value: string | string[] | undefined) => (typeof value === "string" ? value : null);

// Where payment providers send the customer back after checkout.
export default async function PaymentReturnPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  return <PaymentReturn provider={single(params.provider)} reference={single(params.reference)} />;
}
