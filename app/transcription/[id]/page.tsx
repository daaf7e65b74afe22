import Link from "next/link";
import type { Metadata } from "next";
import { requirePageUser } from "@/lib/auth/page-user";

export const metadata: Metadata = { title: "Transcription" };

/** Placeholder until transcriptions exist: the route, its login gate and its layout are real. */
export default async function TranscriptionPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requirePageUser(`/transcription/${encodeURIComponent(id)}`);
  return (
    <main className="mx-auto max-w-4xl px-4 py-10">
      <Link href="/dashboard" className="text-sm text-accent hover:underline">
        ← Back to dashboard
      </Link>
      <h1 className="mt-4 text-2xl font-semibold">Transcription</h1>
      <p className="mt-4 rounded-lg bg-muted p-4 text-sm">
        The transcript editor opens here once you have transcriptions: the text with timestamps beside the audio.
      </p>
    </main>
  );
}
