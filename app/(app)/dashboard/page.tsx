import type { Metadata } from "next";
import { Dashboard } from "@/components/dashboard/dashboard";
import { CreateWorkspacePrompt } from "@/components/workspaces/create-workspace-prompt";
import { requirePageSpace } from "@/lib/auth/page-user";
import { db } from "@/lib/db/client";
import { mayChangeIn } from "@/lib/roles";
import { transcriptionOptions } from "@/lib/transcription/options";
import { listTranscriptions, toApiTranscription } from "@/lib/transcription/queries";

export const metadata: Metadata = { title: "Dashboard" };

export default async function DashboardPage() {
  const { user, workspace } = await requirePageSpace(db(), "/dashboard");
  const renderedAt = new Date().toISOString();
  const [items, options] = await Promise.all([listTranscriptions(db(), user.id, workspace?.id ?? null), transcriptionOptions(db(), user.id, workspace?.id ?? null)]);
  const firstName = user.name.split(/\s+/)[0] || user.name;
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-2xl font-semibold">Welcome, {firstName}</h1>
      <p className="mt-1 mb-6 text-muted-foreground">
        {workspace && !mayChangeIn(workspace.role) ? "Read, search and export the workspace's transcripts below." : "Upload or record audio; your transcripts appear below."}
      </p>
      {!workspace && <CreateWorkspacePrompt />}
      {/* Keyed by space: switching spaces starts its list, folder filter and live stream afresh. */}
      <Dashboard key={workspace?.id ?? "personal"} initial={items.map(toApiTranscription)} options={options} renderedAt={renderedAt} workspace={workspace} userId={user.id} />
    </main>
  );
}
