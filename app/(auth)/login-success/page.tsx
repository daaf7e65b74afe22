import Link from "next/link";
import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { ForwardAfterSignIn } from "@/components/auth/forward-after-sign-in";
import { Alert } from "@/components/ui/alert";
import { authMessage } from "@/lib/auth/messages";
import { safeNextPath } from "@/lib/auth/routes";

export const metadata: Metadata = { title: "Signed in" };

/**
 * Landing after a redirecting sign-in (email verification link, Google): refreshes the
 * browser's session view and forwards to the dashboard, or explains a failed link.
 */
export default async function LoginSuccessPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const { error, next } = await searchParams;
  if (error) {
    return (
      <AuthCard title="That link did not work">
        <div className="flex flex-col gap-4">
          <Alert>{authMessage(error)}</Alert>
          <p className="text-sm text-muted-foreground">
            Verification links are valid for 24 hours. <Link href="/login" className="text-accent underline">Log in</Link> with
            your email and password and we will send you a fresh one.
          </p>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="You are signed in">
      <ForwardAfterSignIn to={safeNextPath(next)} />
    </AuthCard>
  );
}
