import Link from "next/link";
import type { Metadata } from "next";
import { connection } from "next/server";
import { AuthCard } from "@/components/auth/auth-card";
import { SignupForm } from "@/components/auth/signup-form";
import { Alert } from "@/components/ui/alert";
import { googleConfigured } from "@/lib/auth/auth";
import { AUTH_MESSAGES } from "@/lib/auth/messages";
import { safeNextPath } from "@/lib/auth/routes";
import { db } from "@/lib/db/client";
import { getSetting } from "@/lib/settings/settings";

export const metadata: Metadata = { title: "Sign up" };

export default async function SignupPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  await connection();
  const params = await searchParams;
  const open = await getSetting(db(), "signup_enabled");
  return (
    <AuthCard
      title="Create your Verbatim account"
      subtitle="Free plan included. No card needed."
      footer={
        <>
          Already have an account?{" "}
          <Link href={params.next ? `/login?next=${encodeURIComponent(safeNextPath(params.next))}` : "/login"} className="text-accent underline">
            Log in
          </Link>
        </>
      }
    >
      {open ? (
        <SignupForm next={safeNextPath(params.next)} google={googleConfigured()} />
      ) : (
        <Alert tone="info">{AUTH_MESSAGES.SIGNUP_DISABLED}</Alert>
      )}
    </AuthCard>
  );
}
