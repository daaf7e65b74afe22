"use client";

import { useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { useSession } from "@/components/session/session-provider";
import { Avatar } from "@/components/shell/avatar";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { call, detailOr } from "@/lib/api/client";
import type { ApiUser } from "@/lib/api/contract/account";
import { removeAvatar, setAvatar } from "@/lib/api/endpoints/account";
import { authClient, errorText } from "@/lib/auth/client";
import { track } from "@/lib/analytics/track";
import { Section } from "./section";

type Message = { tone: "success" | "error"; text: string } | null;

export function ProfileSection({ user }: { user: ApiUser }) {
  const { refresh } = useSession();
  const [picture, setPicture] = useState(user.picture);
  const [message, setMessage] = useState<Message>(null);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  async function saveName(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get("name")).trim();
    if (!name) return setMessage({ tone: "error", text: "Enter your name." });
    setBusy(true);
    const { error } = await (await authClient()).updateUser({ name });
    setBusy(false);
    if (error) return setMessage({ tone: "error", text: errorText(error) });
    track("user_action", "profile_name_changed");
    setMessage({ tone: "success", text: "Your name has been saved." });
    await refresh();
  }

  async function uploadPicture(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    const body = new FormData();
    body.set("file", file);
    setBusy(true);
    const result = await call(setAvatar, { body });
    setBusy(false);
    event.target.value = "";
    if (!result.ok) return setMessage({ tone: "error", text: detailOr(result, "The picture could not be saved.") });
    setPicture(result.data.picture);
    setMessage({ tone: "success", text: "Your profile picture has been updated." });
    track("user_action", "profile_picture_changed");
    await refresh();
  }

  async function removePicture() {
    setBusy(true);
    const result = await call(removeAvatar);
    setBusy(false);
    if (!result.ok) return setMessage({ tone: "error", text: "The picture could not be removed." });
    setPicture(null);
    setMessage({ tone: "success", text: "Your profile picture has been removed." });
    await refresh();
  }

  return (
    <Section title="Profile" description="Your name and picture, as shown in Verbatim.">
      <div className="flex flex-col gap-4">
        {message && <Alert tone={message.tone}>{message.text}</Alert>}
        <div className="flex items-center gap-4">
          <Avatar name={user.name} picture={picture} size={64} />
          <div className="flex flex-wrap gap-2">
            <input ref={fileInput} type="file" accept="image/png,image/jpeg,image/webp,image/gif" className="sr-only" aria-label="Profile picture file" onChange={uploadPicture} />
            <Button type="button" variant="secondary" size="sm" disabled={busy} onClick={() => fileInput.current?.click()}>
              Upload picture
            </Button>
            {picture && (
              <Button type="button" variant="ghost" size="sm" disabled={busy} onClick={removePicture}>
                Remove
              </Button>
            )}
          </div>
        </div>
        <p className="text-xs text-muted-foreground">PNG, JPEG, WebP or GIF, up to 2 MB.</p>
        <form onSubmit={saveName} className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="flex-1">
            <Field label="Name" name="name" defaultValue={user.name} autoComplete="name" required />
          </div>
          <Button type="submit" disabled={busy}>
            Save name
          </Button>
        </form>
      </div>
    </Section>
  );
}
