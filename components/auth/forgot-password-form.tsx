"use client";

import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { authClient, errorText } from "@/lib/auth/client";
import { track } from "@/lib/analytics/track";

export function ForgotPasswordForm() {
  const [error, setError] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email")).trim();
    if (!email) return setError("Enter your email address.");
    setBusy(true);
    setError("");
    const { error } = await (await authClient()).requestPasswordReset({ email, redirectTo: "/reset-password" });
    setBusy(false);
    if (error) return setError(errorText(error));
    track("auth_action", "password_reset_requested");
    setSentTo(email);
  }

  if (sentTo) {
    return (
      <Alert tone="success">
        If an account uses <strong>{sentTo}</strong>, we have sent it a link to reset the password. The link is valid for 1 hour.
      </Alert>
    );
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      {error && <Alert>{error}</Alert>}
      <Field label="Email" name="email" type="email" autoComplete="email" required />
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? "Sending…" : "Send reset link"}
      </Button>
    </form>
  );
}
