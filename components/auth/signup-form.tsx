"use client";

import Link from "next/link";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { authClient, errorText } from "@/lib/auth/client";
import { AUTH_MESSAGES } from "@/lib/auth/messages";
import { passwordProblem } from "@/lib/auth/password-policy";
import { track } from "@/lib/analytics/track";
import { GoogleAlternative } from "./google-alternative";

export function SignupForm({ next, google }: { next: string; google: boolean }) {
  const [error, setError] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = String(form.get("name")).trim();
    const email = String(form.get("email")).trim();
    const password = String(form.get("password"));
    if (!name) return setError("Enter your name.");
    // Same rule as the server, checked here first to save a round trip.
    const problem = passwordProblem(password, email);
    if (problem) return setError(AUTH_MESSAGES[problem]);
    setBusy(true);
    setError("");
    const { error } = await (await authClient()).signUp.email({
      name,
      email,
      password,
      callbackURL: `/login-success?next=${encodeURIComponent(next)}`,
    });
    setBusy(false);
    if (error) {
      track("auth_action", "signup_failed", { code: (error as { code?: string }).code });
      return setError(errorText(error));
    }
    track("auth_action", "signup");
    setSentTo(email);
  }

  if (sentTo) {
    return (
      <div className="flex flex-col gap-4" data-testid="signup-done">
        <Alert tone="success">
          We have sent a verification link to <strong>{sentTo}</strong>. Open it and enter your password to activate your account.
        </Alert>
        <p className="text-sm text-muted-foreground">
          No email after a few minutes? Check your spam folder, or <Link href={`/login?next=${encodeURIComponent(next)}`} className="text-accent underline">log in</Link>{" "}
          to get a new link.
        </p>
      </div>
    );
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      {error && <Alert>{error}</Alert>}
      <Field label="Name" name="name" autoComplete="name" required />
      <Field label="Email" name="email" type="email" autoComplete="email" required />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters, mixing letters with numbers or symbols."
        required
      />
      <p className="text-xs text-muted-foreground">
        By creating an account you agree to the <Link href="/terms" className="text-accent underline">terms and privacy policy</Link>.
      </p>
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? "Creating account…" : "Create account"}
      </Button>
      {google && <GoogleAlternative next={next} onError={setError} />}
    </form>
  );
}
