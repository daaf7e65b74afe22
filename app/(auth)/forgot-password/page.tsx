import Link from "next/link";
import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";

export const metadata: Metadata = { title: "Forgot password" };

// Rendered per request like every page behind the proxy: its scripts need the nonce.
export const dynamic = "force-dynamic";

export default function ForgotPasswordPage() {
  return (
    <AuthCard
      title="Reset your password"
      subtitle="Enter the email you signed up with and we will send you a link to choose a new password."
      footer={<Link href="/login" className="text-accent hover:underline">Back to log in</Link>}
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}
