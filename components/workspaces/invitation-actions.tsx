"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useSWRConfig } from "swr";
import { useSession } from "@/components/session/session-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { signOut } from "@/lib/api/client";
import { acceptInvitation, declineInvitation } from "./workspace-calls";

/** Accept (the workspace becomes the active space) or Decline an invitation addressed to the signed-in user. */
export function InvitationActions({ invitationId, workspaceName }: { invitationId: string; workspaceName: string }) {
  const router = useRouter();
  const { mutate: revalidate } = useSWRConfig();
  const [problem, setProblem] = useState("");
  const [declined, setDeclined] = useState(false);
  const [busy, setBusy] = useState(false);

  async function accept() {
    setBusy(true);
    const refused = await acceptInvitation(invitationId);
    setBusy(false);
    if (refused) {
      setProblem(refused);
      return;
    }
    void revalidate(() => true);
    router.push("/dashboard");
    router.refresh();
  }

  async function decline() {
    setBusy(true);
    const refused = await declineInvitation(invitationId);
    setBusy(false);
    if (refused) setProblem(refused);
    else setDeclined(true);
  }

  if (declined) {
    return (
      <Alert tone="info">
        You declined the invitation to {workspaceName}.{" "}
        <Link href="/dashboard" className="font-medium text-accent underline">
          Go to your dashboard
        </Link>
      </Alert>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      {problem && <Alert>{problem}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button disabled={busy} onClick={() => void accept()}>
          Accept and join
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => void decline()}>
          Decline
        </Button>
      </div>
    </div>
  );
}

/** For an invitation sent to another address: sign out, then sign in with that one and come back here. */
export function SignInAsSomeoneElse({ next }: { next: string }) {
  const router = useRouter();
  const { clear } = useSession();
  return (
    <Button
      variant="secondary"
      onClick={async () => {
        await signOut();
        clear();
        router.replace(`/login?next=${encodeURIComponent(next)}`);
        router.refresh();
      }}
    >
      Log out and sign in with another address
    </Button>
  );
}
