"use client";

import Link from "next/link";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { call, detailOr } from "@/lib/api/client";
import { confirmEmail } from "@/lib/api/endpoints/account";
import { AUTH_MESSAGES, GENERIC_AUTH_ERROR } from "@/lib/auth/messages";
import { passwordProblem } from "@/lib/auth/password-policy";
import { track } from "@/lib/analytics/track";

/**
 * The verification link's page: confirming the address and choosing the password are one step.
 * `next`: where sign-up was going (an invitation, a plan's checkout), carried by the mail's link.
 */
export function ConfirmEmailForm({ token, next }: { token: string; next: string }) {
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get("password"));
    const problem = passwordProblem(password);
    if (problem) return setError(AUTH_MESSAGES[problem]);
    setBusy(true);
    setError("");
    const result = await call(confirmEmail, { body: { token, password } });
    if (!result.ok) {
      setBusy(false);
      return setError(detailOr(result, GENERIC_AUTH_ERROR));
    }
    track("auth_action", "email_verified");
    // A full load, so the whole app sees the new session.
    const to = encodeURIComponent(next);
    window.location.assign(result.data.signed_in ? `/login-success?next=${to}` : `/login?notice=confirmed&next=${to}`);
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <p className="text-sm text-muted-foreground">
        Enter the password for your account to finish. If a password was set before this address was confirmed, the one you
        enter now replaces it.
      </p>
      {error && (
        <Alert>
          {error}{" "}
          {/already confirmed/i.test(error) && (
            <Link href="/login" className="underline">
              Log in
            </Link>
          )}
        </Alert>
      )}
      <Field label="Password" name="password" type="password" autoComplete="new-password" required />
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? "Confirming…" : "Confirm and log in"}
      </Button>
    </form>
  );
}
