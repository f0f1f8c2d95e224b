import type { Metadata } from "next";
import { ResetPasswordForm } from "@/features/auth/reset-password-form";

export const metadata: Metadata = { title: "Choose a new password" };

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const firstString = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.slice(0, 254) ?? "";

// Open to signed-in visitors too: the reset signs every session out, this one included.
export default async function ResetPasswordPage({ searchParams }: PageProps) {
  return <ResetPasswordForm defaultEmail={firstString((await searchParams).email)} />;
}
