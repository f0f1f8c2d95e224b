import type { Metadata } from "next";
import { ApiKeysPanel } from "@/features/api-keys/api-keys-panel";

export const metadata: Metadata = { title: "API keys" };

export default function ApiKeysPage() {
  return <ApiKeysPanel />;
}
