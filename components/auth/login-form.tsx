"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useSession } from "@/components/session/session-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { authClient, errorText } from "@/lib/auth/client";
import { track } from "@/lib/analytics/track";
import { GoogleAlternative } from "./google-alternative";

interface LoginFormProps {
  next: string;
  google: boolean;
  notice?: string;
  initialError?: string;
}

export function LoginForm({ next, google, notice, initialError }: LoginFormProps) {
  const router = useRouter();
  const { refresh } = useSession();
  const [error, setError] = useState(initialError ?? "");
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError("");
    const { error } = await (await authClient()).signIn.email({
      email: String(form.get("email")),
      password: String(form.get("password")),
      rememberMe: form.get("remember") === "on",
      // Where the fresh verification link (sent when the email is unverified) should land.
      callbackURL: `/login-success?next=${encodeURIComponent(next)}`,
    });
    if (error) {
      track("auth_action", "login_failed", { code: (error as { code?: string }).code });
      setError(errorText(error));
      setBusy(false);
      return;
    }
    track("auth_action", "login");
    await refresh();
    router.replace(next);
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      {notice && <Alert tone="success">{notice}</Alert>}
      {error && <Alert>{error}</Alert>}
      <Field label="Email" name="email" type="email" autoComplete="email" required />
      <Field label="Password" name="password" type="password" autoComplete="current-password" required />
      <div className="flex items-center justify-between text-sm">
        <label className="flex items-center gap-2">
          <input type="checkbox" name="remember" defaultChecked /> Remember me
        </label>
        <Link href="/forgot-password" className="text-accent hover:underline">
          Forgot password?
        </Link>
      </div>
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? "Logging in…" : "Log in"}
      </Button>
      {google && <GoogleAlternative next={next} onError={setError} />}
    </form>
  );
}
