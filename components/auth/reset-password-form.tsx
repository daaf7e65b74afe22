"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { authClient, errorText } from "@/lib/auth/client";
import { AUTH_MESSAGES } from "@/lib/auth/messages";
import { passwordProblem } from "@/lib/auth/password-policy";
import { track } from "@/lib/analytics/track";

export function ResetPasswordForm({ token }: { token: string }) {
  const router = useRouter();
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get("password"));
    if (password !== String(form.get("confirm"))) return setError("The two passwords do not match.");
    const problem = passwordProblem(password);
    if (problem) return setError(AUTH_MESSAGES[problem]);
    setBusy(true);
    setError("");
    const { error } = await (await authClient()).resetPassword({ newPassword: password, token });
    if (error) {
      setBusy(false);
      return setError(errorText(error));
    }
    track("auth_action", "password_reset");
    router.replace("/login?notice=reset");
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      {error && (
        <Alert>
          {error}{" "}
          {/expired|invalid/i.test(error) && (
            <Link href="/forgot-password" className="underline">
              Request a new link
            </Link>
          )}
        </Alert>
      )}
      <Field label="New password" name="password" type="password" autoComplete="new-password" required />
      <Field label="Repeat new password" name="confirm" type="password" autoComplete="new-password" required />
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? "Saving…" : "Set new password"}
      </Button>
    </form>
  );
}
