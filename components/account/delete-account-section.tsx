"use client";

import { useRouter } from "next/navigation";
import { Dialog } from "radix-ui";
import { useState, type FormEvent } from "react";
import { useSession } from "@/components/session/session-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { authClient, errorText } from "@/lib/auth/client";
import { track } from "@/lib/analytics/track";
import { Section } from "./section";

export function DeleteAccountSection({ needsPassword, email }: { needsPassword: boolean; email: string }) {
  const router = useRouter();
  const { clear } = useSession();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const confirmed = typed.trim().toLowerCase() === email.toLowerCase();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!confirmed) return;
    const password = String(new FormData(event.currentTarget).get("password") ?? "");
    setBusy(true);
    setError("");
    const { error } = await (await authClient()).deleteUser(needsPassword ? { password } : {});
    if (error) {
      setBusy(false);
      const code = (error as { code?: string }).code;
      return setError(code === "INVALID_PASSWORD" ? "Your password is not correct." : errorText(error));
    }
    track("user_action", "account_deleted");
    clear();
    router.replace("/login?notice=deleted");
  }

  return (
    <Section title="Delete account" tone="danger" description="Deletes your account, your transcriptions and their audio. This cannot be undone.">
      <Dialog.Root open={open} onOpenChange={(o) => { setOpen(o); setTyped(""); setError(""); }}>
        <Dialog.Trigger asChild>
          <Button variant="danger">Delete my account</Button>
        </Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
          <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 bg-card p-6 shadow-xl" style={{ borderRadius: "var(--modal-radius)" }}>
            <Dialog.Title className="text-lg font-semibold">Delete your account?</Dialog.Title>
            <Dialog.Description className="mt-2 text-sm text-muted-foreground">
              Your account, transcriptions and audio will be removed for good. Type your email address to confirm.
            </Dialog.Description>
            <form onSubmit={submit} className="mt-4 flex flex-col gap-3">
              {error && <Alert>{error}</Alert>}
              <Field label={`Type ${email}`} name="confirm-email" value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
              {needsPassword && <Field label="Password" name="password" type="password" autoComplete="current-password" required />}
              <div className="mt-2 flex justify-end gap-2">
                <Dialog.Close asChild>
                  <Button type="button" variant="secondary">Cancel</Button>
                </Dialog.Close>
                <Button type="submit" variant="danger" disabled={!confirmed || busy}>
                  {busy ? "Deleting…" : "Delete account"}
                </Button>
              </div>
            </form>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </Section>
  );
}
