import type { Metadata } from "next";
import { SettingsPanel } from "@/features/settings/settings-panel";
import { readForPage } from "@/server/portal/read-for-page";
import { getMe } from "@/shared/api/endpoint-refs";

export const metadata: Metadata = { title: "Settings" };

// The account is read while the page renders, so its sections are in the HTML
// rather than waiting for the JavaScript (docs/portal.md).
export default async function SettingsPage() {
  return <SettingsPanel serverRead={await readForPage(getMe)} />;
}
