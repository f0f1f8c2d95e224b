import type { Metadata } from "next";
import { SecurityPanel } from "@/features/security/security-panel";
import { readForPage } from "@/server/portal/read-for-page";
import { getMe } from "@/shared/api/endpoint-refs";

export const metadata: Metadata = { title: "Security" };

// The account is read while the page renders, so its sections are in the HTML
// rather than waiting for the JavaScript (docs/portal.md).
export default async function SecurityPage() {
  return <SecurityPanel serverRead={await readForPage(getMe)} />;
}
