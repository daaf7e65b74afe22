import Link from "next/link";
import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { LoginForm } from "@/components/auth/login-form";
import { googleConfigured } from "@/lib/auth/auth";
import { authMessage } from "@/lib/auth/messages";
import { safeNextPath } from "@/lib/auth/routes";

// Google sends people back here with ?error= when sign-in did not complete.
const GOOGLE_FAILED = "Google sign-in did not complete. Please try again.";

export const metadata: Metadata = { title: "Log in" };

const NOTICES: Record<string, string> = {
  reset: "Your password has been changed. Log in with the new one.",
  deleted: "Your account has been deleted.",
  confirmed: "Your email address is confirmed. Log in with your password.",
};

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const params = await searchParams;
  const next = safeNextPath(params.next);
  return (
    <AuthCard
      title="Log in to Verbatim"
      footer={
        <>
          New here?{" "}
          <Link href={`/signup${params.next ? `?next=${encodeURIComponent(next)}` : ""}`} className="text-accent hover:underline">
            Create an account
          </Link>
        </>
      }
    >
      <LoginForm
        next={next}
        google={googleConfigured()}
        notice={params.notice ? NOTICES[params.notice] : undefined}
        initialError={params.error ? authMessage(params.error, GOOGLE_FAILED) : undefined}
      />
    </AuthCard>
  );
}
