import type { Metadata } from "next";
import { TeamPanel } from "@/features/teams/team-panel";

export const metadata: Metadata = { title: "Team" };

export default function TeamPage() {
  return <TeamPanel />;
}
