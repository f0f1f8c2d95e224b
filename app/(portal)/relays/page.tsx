import type { Metadata } from "next";
import { RelaysPanel } from "@/features/relays/relays-panel";

export const metadata: Metadata = { title: "SMTP relays" };

export default function RelaysPage() {
  return <RelaysPanel />;
}
