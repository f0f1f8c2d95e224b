// The caller's own payment by reference: anyone else's, or an unknown one, is 404.
import { and, eq } from "drizzle-orm";
import { db } from "@/server/db/client";
import { payments } from "@/server/db/schema";
import { AppError } from "@/server/errors";

export async function getOwnPaymentOrThrow(accountId: string, reference: string, provider?: string) {
  const [payment] = await db()
    .select()
    .from(payments)
    .where(and(eq(payments.reference, reference), eq(payments.accountId, accountId)))
    .limit(1);
  if (!payment || (provider !== undefined && payment.provider !== provider)) throw new AppError("not_found", "Payment not found.");
  return payment;
}

export type Payment = Awaited<ReturnType<typeof getOwnPaymentOrThrow>>;
