import type { Metadata } from "next";
import Link from "next/link";
import { RecentlyDeleted } from "@/components/dashboard/recently-deleted";
import { requirePageUser } from "@/lib/auth/page-user";
import { db } from "@/lib/db/client";
import { listRecentlyDeleted, toApiDeleted } from "@/lib/transcription/deletion";
import { DELETING_KEEPS_USAGE, RECENTLY_DELETED_DAYS } from "@/lib/transcription/deletion-terms";

export const metadata: Metadata = { title: "Recently deleted" };

export default async function RecentlyDeletedPage() {
  const user = await requirePageUser(db(), "/dashboard/deleted");
  const items = (await listRecentlyDeleted(db(), user.id)).map(toApiDeleted);
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <Link href="/dashboard" className="text-sm text-accent hover:underline">
        ← Back to dashboard
      </Link>
      <h1 className="mt-4 text-2xl font-semibold">Recently deleted</h1>
      <p className="mt-1 mb-6 text-muted-foreground">
        Deleted transcriptions stay here with their audio for {RECENTLY_DELETED_DAYS} days; then they are removed for good. {DELETING_KEEPS_USAGE}
      </p>
      <RecentlyDeleted initial={items} />
    </main>
  );
}
