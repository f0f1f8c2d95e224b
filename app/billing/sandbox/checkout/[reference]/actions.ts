"use server";
// The sandbox gateway's Pay and Decline buttons.
import { notFound, redirect } from "next/navigation";
import { decideSandboxCharge } from "@/server/payments/sandbox-gateway";

export async function decideCharge(formData: FormData): Promise<void> {
  const reference = formData.get("reference");
  const decision = formData.get("decision");
  if (typeof reference !== "string" || (decision !== "pay" && decision !== "decline")) notFound();
  const returnUrl = await decideSandboxCharge(reference, decision);
  if (!returnUrl) notFound();
  // Our own return page: the path only, so the customer stays on this site whatever its address.
  const target = new URL(returnUrl);
  redirect(`${target.pathname}${target.search}`);
}
