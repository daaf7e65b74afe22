import type { Metadata } from "next";
import Link from "next/link";
import { InvitationActions, SignInAsSomeoneElse } from "@/components/workspaces/invitation-actions";
import { LocalDay } from "@/components/workspaces/local-day";
import { ROLE_LABELS } from "@/components/workspaces/role-labels";
import { Alert } from "@/components/ui/alert";
import { requirePageUser } from "@/lib/auth/page-user";
import { db } from "@/lib/db/client";
import { INVITATION_SENTENCES, invitationFor } from "@/lib/workspaces/invitation-view";

export const metadata: Metadata = { title: "Invitation", robots: { index: false } };

/** The page an invitation mail links to: who invites you where, and Accept or Decline. */
export default async function InvitationPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const path = `/invitations/${encodeURIComponent(id)}`;
  const user = await requirePageUser(db(), path);
  const view = await invitationFor(db(), id, user);
  return (
    <main className="mx-auto flex max-w-lg flex-col gap-4 px-4 py-12">
      {view.state === "open" ? (
        <>
          <h1 className="text-2xl font-semibold">Join {view.workspaceName}</h1>
          <p>
            {view.inviterName} invited you to the workspace <strong>{view.workspaceName}</strong> as {view.role === "admin" ? "an" : "a"} {ROLE_LABELS[view.role].toLowerCase()}.
          </p>
          <p className="text-sm text-muted-foreground">
            The invitation expires on <LocalDay iso={view.expiresAt.toISOString()} />.
          </p>
          <InvitationActions invitationId={view.id} workspaceName={view.workspaceName} />
        </>
      ) : (
        <>
          <h1 className="text-2xl font-semibold">{view.workspaceName ? `Invitation to ${view.workspaceName}` : "Invitation"}</h1>
          <Alert tone="info">{INVITATION_SENTENCES[view.state]}</Alert>
          {view.state === "other_email" && (
            <>
              <p className="text-sm text-muted-foreground">You are signed in as {user.email}.</p>
              <div>
                <SignInAsSomeoneElse next={path} />
              </div>
            </>
          )}
          <Link href="/dashboard" className="text-sm text-accent underline">
            Go to your dashboard
          </Link>
        </>
      )}
    </main>
  );
}
