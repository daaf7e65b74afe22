"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useSWRConfig } from "swr";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { urlOf } from "@/lib/api/client";
import type { WorkspaceDetail } from "@/lib/api/contract/workspaces";
import { currentWorkspace, listWorkspaces } from "@/lib/api/endpoints/workspaces";
import { useApi } from "@/lib/api/use-api";
import { WORKSPACE_NAME_MAX, workspaceNameProblem } from "@/lib/access/workspace-name";
import { InviteForm } from "./invite-form";
import { LeaveOrDelete } from "./leave-or-delete";
import { MembersTable } from "./members-table";
import { PendingInvitations } from "./pending-invitations";
import { PLANS_HREF } from "./plans-href";
import { atLeast, mayManageIn } from "@/lib/roles";
import { ROLE_LABELS } from "./role-labels";
import { renameWorkspace } from "./workspace-calls";

interface WorkspaceSettingsProps {
  /** the workspace as the server read it for the page */
  initial: WorkspaceDetail;
  userId: string;
}

/** The active workspace's page: its name, members, invitations and seats, and the way out. */
export function WorkspaceSettings({ initial, userId }: WorkspaceSettingsProps) {
  const router = useRouter();
  const { mutate: revalidate } = useSWRConfig();
  const { data, mutate } = useApi(currentWorkspace, {}, { fallbackData: initial, revalidateOnMount: false });
  const workspace = data ?? initial;
  const manages = mayManageIn(workspace.your_role);
  const refresh = () => mutate();

  function gone() {
    void revalidate(() => true);
    router.push("/dashboard");
    router.refresh();
  }

  return (
    <div className="flex flex-col gap-8">
      <WorkspaceName
        workspace={workspace}
        onRenamed={async () => {
          await refresh();
          // The switcher and the dashboard's heading show the name too.
          void revalidate(urlOf(listWorkspaces));
          router.refresh();
        }}
      />
      <p className="-mt-6 text-sm text-muted-foreground" data-testid="seats">
        {workspace.seats.limit === null
          ? `${workspace.seats.used} ${workspace.seats.used === 1 ? "seat" : "seats"} used, no seat limit`
          : `${workspace.seats.used} of ${workspace.seats.limit} seats used`}{" "}
        {atLeast(workspace.your_role, "owner") ? (
          <>
            <Link href={PLANS_HREF} className="text-accent underline">
              Change seats or plan
            </Link>
            <span> · viewers are free</span>
          </>
        ) : (
          <span>· each member, admin and pending invitation takes one; viewers are free</span>
        )}
      </p>
      <MembersTable workspace={workspace} userId={userId} onChanged={refresh} />
      {manages && (
        <>
          <InviteForm workspaceId={workspace.id} onInvited={refresh} addSeatsHref={atLeast(workspace.your_role, "owner") ? PLANS_HREF : undefined} />
          <PendingInvitations invitations={workspace.invitations} onChanged={refresh} />
        </>
      )}
      <LeaveOrDelete workspace={workspace} onGone={gone} />
    </div>
  );
}

function WorkspaceName({ workspace, onRenamed }: { workspace: WorkspaceDetail; onRenamed(): Promise<void> }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(workspace.name);
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const wrong = workspaceNameProblem(name);
    if (wrong) {
      setProblem(wrong);
      return;
    }
    setBusy(true);
    const refused = await renameWorkspace(workspace.id, name);
    setBusy(false);
    if (refused) {
      setProblem(refused);
      return;
    }
    setProblem("");
    setEditing(false);
    await onRenamed();
  }

  if (editing) {
    return (
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-3">
        <Field label="Workspace name" value={name} maxLength={WORKSPACE_NAME_MAX} autoComplete="off" autoFocus onChange={(e) => setName(e.target.value)} />
        {problem && <Alert>{problem}</Alert>}
        <div className="flex gap-2">
          <Button type="submit" disabled={busy}>
            Save name
          </Button>
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              setEditing(false);
              setName(workspace.name);
              setProblem("");
            }}
          >
            Cancel
          </Button>
        </div>
      </form>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <div className="min-w-0">
        <h1 className="break-words text-2xl font-semibold">{workspace.name}</h1>
        <p className="text-sm text-muted-foreground">Workspace · your role: {ROLE_LABELS[workspace.your_role]}</p>
      </div>
      {mayManageIn(workspace.your_role) && (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            setName(workspace.name);
            setEditing(true);
          }}
        >
          Rename
        </Button>
      )}
    </div>
  );
}
