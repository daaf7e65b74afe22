"use client";

import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { authClient, errorText } from "@/lib/auth/client";
import { AUTH_MESSAGES } from "@/lib/auth/messages";
import { passwordProblem } from "@/lib/auth/password-policy";
import { track } from "@/lib/analytics/track";
import { Section } from "./section";

export function PasswordSection({ hasPassword }: { hasPassword: boolean }) {
  const [message, setMessage] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  if (!hasPassword) {
    return (
      <Section title="Password">
        <p className="text-sm text-muted-foreground">You sign in with Google, so there is no Verbatim password to change.</p>
      </Section>
    );
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const newPassword = String(form.get("new"));
    if (newPassword !== String(form.get("confirm"))) return setMessage({ tone: "error", text: "The two new passwords do not match." });
    const problem = passwordProblem(newPassword);
    if (problem) return setMessage({ tone: "error", text: AUTH_MESSAGES[problem] });
    setBusy(true);
    const { error } = await (await authClient()).changePassword({
      currentPassword: String(form.get("current")),
      newPassword,
      revokeOtherSessions: true,
    });
    setBusy(false);
    if (error) {
      const code = (error as { code?: string }).code;
      return setMessage({ tone: "error", text: code === "INVALID_PASSWORD" ? "Your current password is not correct." : errorText(error) });
    }
    formElement.reset();
    track("auth_action", "password_changed");
    setMessage({ tone: "success", text: "Your password has been changed. Other devices have been signed out." });
  }

  return (
    <Section title="Change password" description="Changing it signs you out on your other devices.">
      <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
        {message && <Alert tone={message.tone}>{message.text}</Alert>}
        <Field label="Current password" name="current" type="password" autoComplete="current-password" required />
        <Field label="New password" name="new" type="password" autoComplete="new-password" required />
        <Field label="Repeat new password" name="confirm" type="password" autoComplete="new-password" required />
        <Button type="submit" disabled={busy} className="self-start">
          Change password
        </Button>
      </form>
    </Section>
  );
}
