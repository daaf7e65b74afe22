import Link from "next/link";
import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { ConfirmEmailForm } from "@/components/auth/confirm-email-form";
import { Alert } from "@/components/ui/alert";
import { authMessage } from "@/lib/auth/messages";
import { safeNextPath } from "@/lib/auth/routes";

export const metadata: Metadata = { title: "Confirm your email" };

export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const { token, next } = await searchParams;
  return (
    <AuthCard title="Confirm your email" footer={<Link href="/login" className="text-accent hover:underline">Back to log in</Link>}>
      {token ? <ConfirmEmailForm token={token} next={safeNextPath(next)} /> : <Alert>{authMessage("INVALID_TOKEN")}</Alert>}
    </AuthCard>
  );
}
