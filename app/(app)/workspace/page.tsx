import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ReplacementsSection } from "@/components/vocabulary/replacements-section";
import { VocabularySection } from "@/components/vocabulary/vocabulary-section";
import { WorkspaceSettings } from "@/components/workspaces/workspace-settings";
import { requirePageSpace } from "@/lib/auth/page-user";
import { db } from "@/lib/db/client";
import { isDomainError } from "@/lib/errors/domain-error";
import { workspaceDetail } from "@/lib/workspaces/workspace-overview";

export const metadata: Metadata = { title: "Workspace" };

/** The active workspace's settings; the personal space has none, so it goes to the dashboard. */
export default async function WorkspacePage() {
  const { user, workspace } = await requirePageSpace(db(), "/workspace");
  if (!workspace) redirect("/dashboard");
  // Removed between the two reads: the personal space is what this user has left.
  const detail = await workspaceDetail(db(), user.id, workspace.id).catch((error: unknown) => {
    if (isDomainError(error)) redirect("/dashboard");
    throw error;
  });
  return (
    <main className="mx-auto max-w-4xl px-4 py-10">
      <WorkspaceSettings initial={detail} userId={user.id} />
      {/* The workspace's own words: its members read them, its owner and admins change them. */}
      <div className="mt-6 flex flex-col gap-6">
        <VocabularySection personal={false} />
        <ReplacementsSection personal={false} />
      </div>
    </main>
  );
}
