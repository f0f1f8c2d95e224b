import type { Metadata } from "next";
import { ForgotPassword } from "@/features/auth/forgot-password";

export const metadata: Metadata = { title: "Reset your password" };

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const firstString = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.slice(0, 254) ?? "";

export default async function ForgotPasswordPage({ searchParams }: PageProps) {
  return <ForgotPassword defaultEmail={firstString((await searchParams).email)} />;
}
