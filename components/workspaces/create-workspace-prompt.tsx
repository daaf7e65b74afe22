"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useSWRConfig } from "swr";
import { Button } from "@/components/ui/button";
import { listWorkspaces } from "@/lib/api/endpoints/workspaces";
import { useApi } from "@/lib/api/use-api";
import { NewWorkspaceDialog } from "./new-workspace-dialog";

/**
 * On the personal dashboard of someone whose plan includes team workspaces and who has none
 * yet (a Team owner just subscribed): the next step, in plain sight rather than inside the
 * "Personal" switcher. Gone once they have a workspace.
 */
export function CreateWorkspacePrompt() {
  const router = useRouter();
  const { mutate: revalidate } = useSWRConfig();
  const { data } = useApi(listWorkspaces, {});
  const [creating, setCreating] = useState(false);
  if (!data?.may_create || data.workspaces.length > 0) return null;
  return (
    <section aria-labelledby="create-workspace-heading" className="mb-6 flex flex-col gap-2 rounded-xl border border-accent bg-card p-4 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <h2 id="create-workspace-heading" className="font-semibold">Set up your team&apos;s workspace</h2>
        <p className="text-sm text-muted-foreground">Your plan includes a workspace: create it to invite your team, share transcriptions and edit them together.</p>
      </div>
      <Button type="button" onClick={() => setCreating(true)}>Create workspace</Button>
      <NewWorkspaceDialog
        open={creating}
        onOpenChange={setCreating}
        refusal={null}
        onCreated={() => {
          void revalidate(() => true);
          router.push("/workspace");
          router.refresh();
        }}
      />
    </section>
  );
}
